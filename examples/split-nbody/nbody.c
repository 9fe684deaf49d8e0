/* An n-body time loop whose force loop, O(n^2) and called once per step, is
 * split between the CPU cores and the GPUs (seed 004, SGPU 2's approach 3):
 * `#pragma hcc split` before the `parallel for` names the CUDA side and the
 * data each iteration touches (every position, its own acceleration). The
 * runtime gives the GPUs the share that makes both sides end together,
 * learnt from the loop's earlier steps (or from models). Built by gcc or
 * clang -fopenmp, or by hccsim without -DNBODY_CUDA, it is an ordinary
 * parallel loop.
 *   nbody N STEPS [check|stats]
 * Prints the positions' checksum; `check` runs the steps again in order on
 * one thread and prints "ok" when every position is the same bit for bit;
 * `stats`, built by hccsim, prints each step's share and sides' times. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nbody.h"
#ifdef __HCCSIM__
#include "hcc/hcc.h"
#endif

static void run(long n, int steps, double *pos, double *vel, double *acc, int stats) {
  for (int s = 0; s < steps; ++s) {
#pragma hcc split name("forces") impl(cuda: forces_cuda(pos, acc, 0, n)) in(pos[0:3*n]) out(acc[3*i:3])
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i) nbody_force(i, pos, &acc[3 * i], n);
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i) nbody_move(&pos[3 * i], &vel[3 * i], &acc[3 * i]);
#ifdef __HCCSIM__
    if (stats) {
      const hcc_split_stats st = hcc_split_last("forces");
      printf("run=%d gpu=%ld cpu=%ld gpu_s=%.6f cpu_s=%.6f\n", st.runs, st.gpu_iterations, st.cpu_iterations,
             st.gpu_seconds, st.cpu_seconds);
    }
#else
    (void)stats;
#endif
  }
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? atol(argv[1]) : 4096;
  const int steps = argc > 2 ? atoi(argv[2]) : 10;
  const int check = argc > 3 && strcmp(argv[3], "check") == 0;
  const int stats = argc > 3 && strcmp(argv[3], "stats") == 0;
  if (n < 1 || steps < 0) {
    fprintf(stderr, "usage: nbody N STEPS [check|stats]\n");
    return 2;
  }
  double *pos = malloc(3 * n * sizeof *pos), *vel = malloc(3 * n * sizeof *vel), *acc = malloc(3 * n * sizeof *acc);
  if (!pos || !vel || !acc) return 1;
  nbody_start(n, pos, vel);
  run(n, steps, pos, vel, acc, stats);
#ifdef __HCCSIM_SIMULATE__
  printf("nbody: N=%ld steps=%d simulated\n", n, steps);
  return 0;
#endif
  printf("nbody: N=%ld steps=%d checksum=%.15e\n", n, steps, nbody_checksum(n, pos));
  if (!check) return 0;
  double *p = malloc(3 * n * sizeof *p), *v = malloc(3 * n * sizeof *v);
  if (!p || !v) return 1;
  nbody_start(n, p, v);
  for (int s = 0; s < steps; ++s) {
    for (long i = 0; i < n; ++i) nbody_force(i, p, &acc[3 * i], n);
    for (long i = 0; i < n; ++i) nbody_move(&p[3 * i], &v[3 * i], &acc[3 * i]);
  }
  long differ = 0;
  for (long i = 0; i < 3 * n; ++i) differ += memcmp(&p[i], &pos[i], sizeof *p) != 0;
  printf("nbody: %s (%ld of %ld positions differ from the sequential run)\n", differ ? "MISMATCH" : "ok", differ, 3 * n);
  return differ != 0;
}
