// RUN: %omp-check %s
// A thread of the program's own runs parallel regions while the initial
// thread waits for it with pthread_join (not an OpenMP wait): its regions
// complete, with the results of a sequential run; then the initial thread
// runs regions again. (One such thread at a time: hccsim's OpenMP runtime
// keeps one state for all the program's threads that are not workers.)
// NATIVE-ONLY: a simulated program's threads are not actors.
#include <omp.h>
#include <pthread.h>
#include <stdio.h>

enum { NT = 3, N = 20000 };

static long sums[NT];
static int single_ran[NT];

static void *work(void *arg) {
  const int k = (int)(long)arg;
  long s = 0;
  for (int rep = 0; rep < 20; rep++) {
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < N; i++)
      s += (i % 7) * (k + 1);
  }
  int ran = 0;
#pragma omp parallel
  {
#pragma omp single
    ran++;
  }
  sums[k] = s;
  single_ran[k] = ran;
  return NULL;
}

int main(void) {
  long mine = 0;
  for (long k = 0; k < NT; k++) {
#pragma omp parallel for reduction(+ : mine)
    for (int i = 0; i < N; i++)
      mine += i % 3;
    pthread_t thread;
    pthread_create(&thread, NULL, work, (void *)k);
    pthread_join(thread, NULL);
  }
  for (int k = 0; k < NT; k++)
    printf("thread %d: sum=%ld single=%d\n", k, sums[k], single_ran[k]);
  printf("initial: sum=%ld\n", mine);
  return 0;
}
