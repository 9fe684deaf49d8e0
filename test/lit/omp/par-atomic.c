// RUN: %omp-check %s
// Checks atomic update, read, write and capture forms on int, long, unsigned and double.
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void) {
  int counter = 0;
  long lsum = 0;
  unsigned bits = 0;
  double dsum = 0.0;
  int tickets[N];
  int flag = 0, read_ok = 1;
  int sub = 100000;

#pragma omp parallel shared(counter, lsum, bits, dsum, tickets, flag, read_ok, sub)
  {
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp atomic
      counter++;
#pragma omp atomic update
      lsum += (long)i * 3;
#pragma omp atomic
      bits |= 1u << (i % 32);
#pragma omp atomic
      dsum += 0.5;
#pragma omp atomic
      sub -= 2;
      int t;
#pragma omp atomic capture
      t = counter++;      /* captured old value: a unique ticket */
      tickets[i] = t;
    }
#pragma omp single
    {
#pragma omp atomic write
      flag = 77;
    }
    int v;
#pragma omp atomic read
    v = flag;
    if (v != 77) {
#pragma omp atomic write
      read_ok = 0;
    }
  }

  /* every captured ticket is distinct and below the final counter value */
  static char seen[2 * N];
  int distinct = 1;
  for (int i = 0; i < N; i++) {
    if (tickets[i] < 0 || tickets[i] >= 2 * N || seen[tickets[i]]++)
      distinct = 0;
  }
  int nv;
#pragma omp atomic capture
  { nv = counter; counter += 5; }
  printf("counter: %d (before +5: %d)\n", counter, nv);
  printf("long sum: %ld, bits: %08x, double sum: %.1f, sub: %d\n", lsum, bits, dsum, sub);
  printf("captured tickets distinct: %d\n", distinct);
  printf("atomic read sees write: %d\n", read_ok);
  return 0;
}
