// The plugin runs before the main action, which stays the one asked for:
// -S, -emit-llvm, -fsyntax-only and -c all see the rewritten code.
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

// ASM: __hcc_task_1:
// ASM: hcc_submit
// ASM-NOT: __kmpc_omp_task
// IR-DAG: define internal void @__hcc_task_1(
// IR-DAG: call {{.*}}@hcc_submit(
// IR-DAG: call {{.*}}@hcc_taskwait(
// IR-NOT: __kmpc_omp_task
// NM: U hcc_submit
// NM: U hcc_taskwait
// DBG: !DIFile(filename: "{{.*}}main-action.c"
// DBG: distinct !DISubprogram(name: "f", scope: {{.*}}, line: 13,
