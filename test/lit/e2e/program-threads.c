// A thread that a simulated program starts itself (pthread_create, std::thread) runs beside the
// simulation: its CPU time is in no prediction, and the simulation says so once, on stderr. The
// program's result is its native one. SimGrid's own threads (thread contexts, which data kept per
// thread asks for) and the runtime's actors give no warning.
// RUN: %hccsim -fsimulate %s -o %t.sim -lpthread
// RUN: env HCC_PLATFORM=laptop %t.sim 2>&1 | FileCheck %s
// RUN: %hccsim -fsimulate %s -o %t.tls -DNO_THREAD
// RUN: env HCC_PLATFORM=laptop OMP_NUM_THREADS=4 %t.tls 2>&1 | FileCheck %s --check-prefix=NONE
// A library installed on the system that starts threads for its own routines
// (OpenBLAS's pool, at openblas_set_num_threads) gives no warning either.
// RUN: %hccsim -fsimulate %s -o %t.blas -DNO_THREAD -DBLAS_POOL -lopenblas
// RUN: env HCC_PLATFORM=laptop %t.blas 2>&1 | FileCheck %s --check-prefix=NONE
// CHECK: hccsim: warning: the program started a thread of its own (pthread_create, std::thread): it runs beside the simulation, its CPU time is not in the prediction
// CHECK-NOT: warning
// CHECK: sum=3.0 tl=1
// NONE-NOT: warning
// NONE: sum=0.0 tl=1
#include <pthread.h>
#include <stdio.h>

static __thread int tl;  // thread contexts in the simulation
#ifdef BLAS_POOL
void openblas_set_num_threads(int);
#endif

static void *work(void *p) {
  *(double *)p += 1.5;
  return NULL;
}

int main(void) {
  double sum = 0;
  tl = 1;
#ifndef NO_THREAD
  for (int i = 0; i < 2; ++i) {
    pthread_t t;
    pthread_create(&t, NULL, work, &sum);
    pthread_join(t, NULL);
  }
#endif
#ifdef BLAS_POOL
  openblas_set_num_threads(2);
#endif
#pragma omp parallel
  {
  }
  printf("sum=%.1f tl=%d\n", sum, tl);
  return 0;
}
