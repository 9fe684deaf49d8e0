// Plugin arguments: an unknown one, or an unknown mode, is an error naming it
// and the valid ones; without -fopenmp the plugin cannot see the tasks.
// RUN: not %clang -fplugin=%hccplugin -fplugin-arg-hcc-bogus=1 -fopenmp -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=fast -fopenmp -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MODE
// RUN: not %clang -fplugin=%hccplugin -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOOMP --implicit-check-not=warning:
void work(int);

void f(void) {
#pragma omp task
  work(0);
}

// UNKNOWN: error: HccPlugin: unknown argument 'bogus=1' (-fplugin-arg-hcc-bogus=1); valid arguments: -fplugin-arg-hcc-mode=native|instrument|simulate, -fplugin-arg-hcc-emit-rewritten=FILE, -fplugin-arg-hcc-remarks
// MODE: error: HccPlugin: unknown mode 'fast' in -fplugin-arg-hcc-mode=fast; use native, instrument or simulate
// NOOMP: error: HccPlugin needs -fopenmp
