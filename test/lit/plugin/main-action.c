// The plugin runs before the main action, which stays the one asked for:
// -S, -emit-llvm, -fsyntax-only and -c all see the annotated code, whose
// OpenMP constructs clang lowers to calls of the OpenMP runtime.
// RUN: %clang -fplugin=%hccplugin -fopenmp -S %s -o - | FileCheck %s --check-prefix=ASM
// RUN: %clang -fplugin=%hccplugin -fopenmp -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %clang -fplugin=%hccplugin -fopenmp -c -emit-llvm %s -o %t.bc
// RUN: %clang -fplugin=%hccplugin -fopenmp -fsyntax-only %s
// RUN: %clang -fplugin=%hccplugin -fopenmp -c %s -o %t.o
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=NM
// Debug info keeps the original file name and line numbers.
// RUN: %clang -fplugin=%hccplugin -fopenmp -g -S -emit-llvm %s -o - | FileCheck %s --check-prefix=DBG
void work(double *, int);

void f(double *a, int n) {
#pragma omp task depend(inout: a[0:n])
  work(a, n);
#pragma omp taskwait
}

// ASM: hcc_omp_next_task
// ASM: __kmpc_omp_task_with_deps
// ASM: __kmpc_omp_taskwait
// IR-DAG: call {{.*}}@hcc_omp_next_task(ptr noundef @f.__hcc_ti0,
// IR-DAG: call {{.*}}@__kmpc_omp_task_with_deps(
// IR-DAG: @f.__hcc_ti0 = internal constant %struct.hcc_omp_task_info
// NM: U __kmpc_omp_task_with_deps
// NM: U hcc_omp_next_task
// DBG-DAG: !DIFile(filename: "{{.*}}main-action.c"
// DBG-DAG: distinct !DISubprogram(name: "f", scope: {{.*}}, line: 14,
