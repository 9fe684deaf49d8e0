/* Two threads on two given CPUs pass a token back and forth through one
 * cache line; prints the seconds one move of the line takes (best of 3).
 * bench/machine_state.py compares it across a benchmark's runs: this
 * virtual machine's two CPUs now and then lie far apart for minutes (a line
 * moves in 190 ns instead of 55), which slows a fine-grained task program
 * on two threads by a third (fib at cut-off 0: 0.044 s instead of 0.034)
 * and nothing that runs on one core: speed_probe.c does not see it.
 *
 *   line_probe <cpu> <cpu> */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { kMoves = 100000 };
static _Alignas(64) atomic_int token;

static void pin(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

/* Passes the token on each time it holds the value of its parity. */
static void pass(int first) {
  for (int i = first; i < kMoves; i += 2) {
    while (atomic_load_explicit(&token, memory_order_acquire) != i) {
    }
    atomic_store_explicit(&token, i + 1, memory_order_release);
  }
}

static void *other(void *cpu) {
  pin(*(int *)cpu);
  for (int rep = 0; rep < 3; ++rep) pass(1);  // each round begins when the token is 1 again
  return NULL;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: line_probe <cpu> <cpu>\n");
    return 2;
  }
  int mine = atoi(argv[1]), theirs = atoi(argv[2]);
  pin(mine);
  pthread_t thread;
  pthread_create(&thread, NULL, other, &theirs);
  double best = 1e9;
  for (int rep = 0; rep < 3; ++rep) {
    const double t0 = now();
    pass(0);
    while (atomic_load_explicit(&token, memory_order_acquire) != kMoves) {
    }
    const double t = (now() - t0) / kMoves;
    if (t < best) best = t;
    atomic_store_explicit(&token, 0, memory_order_release);
  }
  pthread_join(thread, NULL);
  printf("%.9f\n", best);
  return 0;
}
