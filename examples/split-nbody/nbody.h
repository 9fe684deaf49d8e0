/* What nbody.c and nbody_mpi.c share: the bodies' start, the force on one
 * body, the same arithmetic as the CUDA side (nbody_cuda.cu, built without
 * FMA contraction), so a GPU's accelerations equal the CPU's bit for bit,
 * and that side's declaration (or its stand-in without -DNBODY_CUDA). */
#ifndef NBODY_H
#define NBODY_H
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef __CUDACC__
#define NBODY_FN __host__ __device__ static inline
#else
#define NBODY_FN static inline
#endif

#define NBODY_EPS2 1e-4
#define NBODY_DT 1e-3

#ifndef __CUDACC__
/* Bodies on a jittered lattice in the unit cube, at rest. */
static void nbody_start(long n, double *pos, double *vel) {
  uint64_t s = 88172645463325252ull;
  const long side = (long)ceil(cbrt((double)n));
  for (long i = 0; i < n; ++i) {
    const long c[3] = {i % side, (i / side) % side, i / (side * side)};
    for (int d = 0; d < 3; ++d) {
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      pos[3 * i + d] = ((double)c[d] + 0.5 + 0.25 * ((double)(s >> 11) / 9007199254740992.0 - 0.5)) / (double)side;
      vel[3 * i + d] = 0;
    }
  }
}

#endif

/* a[0..2]: the acceleration of body i from all n bodies of mass 1/n
 * (softened). */
NBODY_FN void nbody_force(long i, const double *pos, double *a, long n) {
  const double xi = pos[3 * i], yi = pos[3 * i + 1], zi = pos[3 * i + 2];
  double ax = 0, ay = 0, az = 0;
  for (long j = 0; j < n; ++j) {
    const double dx = pos[3 * j] - xi, dy = pos[3 * j + 1] - yi, dz = pos[3 * j + 2] - zi;
    const double r2 = dx * dx + dy * dy + dz * dz + NBODY_EPS2;
    const double inv = 1.0 / (r2 * sqrt(r2));
    ax += dx * inv, ay += dy * inv, az += dz * inv;
  }
  a[0] = ax / (double)n, a[1] = ay / (double)n, a[2] = az / (double)n;
}

#ifndef __CUDACC__
/* A leapfrog step of one body: its position p, velocity v, acceleration a. */
static inline void nbody_move(double *p, double *v, const double *a) {
  for (int d = 0; d < 3; ++d) {
    v[d] += NBODY_DT * a[d];
    p[d] += NBODY_DT * v[d];
  }
}

/* The force loop's GPU side: iterations [begin, end) are bodies first + i,
 * acc holds the iterations' accelerations. */
#ifdef NBODY_CUDA
void forces_cuda(long begin, long end, const double *pos, double *acc, long first, long n); /* nbody_cuda.cu */
#else
/* No GPU side in this build: a simulation charges its model; natively the
 * runtime gives a build without GPUs nothing to run here. */
static inline void forces_cuda(long begin, long end, const double *pos, double *acc, long first, long n) {
  (void)begin, (void)end, (void)pos, (void)acc, (void)first, (void)n;
  fprintf(stderr, "nbody: the CUDA side ran, but this build has none (-DNBODY_CUDA)\n");
  abort();
}
#endif

/* A checksum of the positions (printed to compare runs). */
static double nbody_checksum(long n, const double *pos) {
  double s = 0;
  for (long i = 0; i < 3 * n; ++i) s += pos[i] * (double)(i % 7 + 1);
  return s;
}
#endif
#endif
