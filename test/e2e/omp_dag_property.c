/* Property test of dependencies through the OpenMP runtime ABI: random task
 * programs written with `#pragma omp task depend(...)` (clang's own code
 * generation, hccsim's libhccomp) must give the result of running the same
 * program sequentially, as test/unit/rt/dag_property.cpp checks for the C
 * ABI.
 *
 *   omp_dag_property <programs> <seed>
 *
 * Each task updates its data so that any ordering violation changes the
 * outcome: inout appends to a non-commutative hash, out overwrites it from
 * what the task read, inoutset and mutexinoutset members add commutatively
 * (the latter also check that no two members of one set run at once), in
 * records what it read. The accesses of a task are grouped by mode into
 * iterator-expanded depend lists. Some tasks create children on data of
 * their own (dependencies are among siblings) and wait for them. Prints
 * "ok <programs>" when every program matched. Every task creates or waits
 * for tasks, so that simulated runs run every body too. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DATA = 12, MAX_TASKS = 80, MAX_ACC = 4, MAX_CHILDREN = 4, CHILD_DATA = 3 };
enum { IN, OUT, INOUT, SET, MTX, NMODES };

typedef struct {
  int n, datum[MAX_ACC], mode[MAX_ACC];
  int children;
} Spec;

static uint64_t rng_state;
static uint32_t rnd(uint32_t n) {
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(rng_state >> 33) % n;
}
static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ull + 0x9e3779b97f4a7c15ull; }

static uint64_t data[MAX_DATA];
static uint64_t child_data[MAX_TASKS][CHILD_DATA];
static int mtx_users[MAX_DATA];
static uint64_t observed[MAX_TASKS][MAX_ACC];
static int overlap;

/* The body of task id: what it does to each datum by mode. */
static void body(const Spec *s, int id, uint64_t *d[]) {
  for (int k = 0; k < s->n; ++k) {
    uint64_t *x = d[k];
    switch (s->mode[k]) {
      case IN: observed[id][k] = *x; break;
      case OUT: *x = mix(observed[id][0], (uint64_t)id + 1); break;
      case INOUT: *x = mix(*x, (uint64_t)id + 1); break;
      case SET:
#pragma omp atomic
        *x += (uint64_t)id * 7 + 1;
        break;
      case MTX: {
        int users;
#pragma omp atomic capture
        users = ++mtx_users[s->datum[k]];
        if (users != 1) {
#pragma omp atomic write
          overlap = 1;
        }
        *x += (uint64_t)id * 13 + 3;
#pragma omp atomic
        --mtx_users[s->datum[k]];
        break;
      }
    }
  }
}

/* Children of task id: a chain on the task's own data, in sequence order. */
static void children(const Spec *s, int id, int parallel) {
  for (int c = 0; c < s->children; ++c) {
    uint64_t *x = &child_data[id][c % CHILD_DATA];
    if (parallel) {
#pragma omp task depend(inout: x[0]) firstprivate(x, c, id)
      {
        *x = mix(*x, (uint64_t)(id * 31 + c));
        /* A task that waits is control code: simulations run its body, so
         * that the values can be checked there too. */
#pragma omp taskwait
      }
    } else {
      *x = mix(*x, (uint64_t)(id * 31 + c));
    }
  }
  if (parallel) {
#pragma omp taskwait
  }
}

static void run(const Spec *spec, int ntasks, int parallel) {
  for (int id = 0; id < ntasks; ++id) {
    const Spec *s = &spec[id];
    uint64_t *d[MAX_ACC];
    for (int k = 0; k < s->n; ++k) d[k] = &data[s->datum[k]];
    if (!parallel) {
      body(s, id, d);
      children(s, id, 0);
      continue;
    }
    /* Each mode's items as an iterator-expanded list. */
    uint64_t *by_mode[NMODES][MAX_ACC];
    int count[NMODES] = {0};
    for (int k = 0; k < s->n; ++k) by_mode[s->mode[k]][count[s->mode[k]]++] = d[k];
    uint64_t **in = by_mode[IN], **out = by_mode[OUT], **io = by_mode[INOUT], **set = by_mode[SET],
             **mtx = by_mode[MTX];
    int nin = count[IN], nout = count[OUT], nio = count[INOUT], nset = count[SET], nmtx = count[MTX];
#pragma omp task firstprivate(s, id) depend(iterator(i = 0:nin), in: in[i][0]) \
    depend(iterator(i = 0:nout), out: out[i][0]) depend(iterator(i = 0:nio), inout: io[i][0]) \
    depend(iterator(i = 0:nset), inoutset: set[i][0]) depend(iterator(i = 0:nmtx), mutexinoutset: mtx[i][0])
    {
      uint64_t *dd[MAX_ACC];
      for (int k = 0; k < s->n; ++k) dd[k] = &data[s->datum[k]];
      body(s, id, dd);
      children(s, id, 1);
    }
  }
#pragma omp taskwait
}

int main(int argc, char **argv) {
  const int programs = argc > 1 ? atoi(argv[1]) : 50;
  const unsigned seed = argc > 2 ? (unsigned)atoi(argv[2]) : 1;
  static Spec spec[MAX_TASKS];
  for (int p = 0; p < programs; ++p) {
    rng_state = (uint64_t)seed * 1000003u + (uint64_t)p;
    const int ndata = 2 + (int)rnd(MAX_DATA - 1), ntasks = 5 + (int)rnd(MAX_TASKS - 5);
    for (int id = 0; id < ntasks; ++id) {
      Spec *s = &spec[id];
      /* Distinct data: one depend item per datum and task. */
      s->n = 1 + (int)rnd(ndata < MAX_ACC ? ndata : MAX_ACC);
      for (int k = 0; k < s->n; ++k) {
        int d, seen;
        do {
          d = (int)rnd(ndata);
          seen = 0;
          for (int j = 0; j < k; ++j) seen |= s->datum[j] == d;
        } while (seen);
        s->datum[k] = d;
        s->mode[k] = (int)rnd(NMODES);
      }
      s->children = rnd(4) == 0 ? 1 + (int)rnd(MAX_CHILDREN) : 0;
    }
    uint64_t expect[MAX_DATA], expect_children[MAX_TASKS][CHILD_DATA], expect_observed[MAX_TASKS][MAX_ACC];
    for (int i = 0; i < MAX_DATA; ++i) data[i] = (uint64_t)i * 1000 + 1;
    memset(child_data, 0, sizeof child_data);
    memset(observed, 0, sizeof observed);
    run(spec, ntasks, 0);
    memcpy(expect, data, sizeof data);
    memcpy(expect_children, child_data, sizeof child_data);
    memcpy(expect_observed, observed, sizeof observed);

    for (int i = 0; i < MAX_DATA; ++i) data[i] = (uint64_t)i * 1000 + 1;
    memset(child_data, 0, sizeof child_data);
    memset(observed, 0, sizeof observed);
#pragma omp parallel
#pragma omp single
    run(spec, ntasks, 1);
    if (memcmp(expect, data, sizeof data) || memcmp(expect_children, child_data, sizeof child_data) ||
        memcmp(expect_observed, observed, sizeof observed) || overlap) {
      printf("program %d (seed %u, %d tasks on %d data): differs from its sequential run%s\n", p, seed, ntasks,
             ndata, overlap ? " (mutexinoutset members overlapped)" : "");
      return 1;
    }
  }
  printf("ok %d\n", programs);
  return 0;
}
