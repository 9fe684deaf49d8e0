// A loop of small allocations costs a simulation about what it costs the
// native run: the allocation functions' bookkeeping (their table of blocks,
// the native heap's model) is the simulator's work, timed on the monotonic
// clock and left out of the burst. Timed on the thread's CPU clock too (a
// system call on a virtual machine), it read that clock four times an
// iteration and left 0.6-0.7 us an allocation in the burst: 2 M
// malloc/free pairs, 0.03 s natively, charged 2.4-2.9 s after 17 s of
// simulation. Here 1 M pairs: 0.010-0.012 s natively on 2 threads,
// simulated 0.028-0.034 s (the wrappers' own calls remain in the bursts).
// ALLOW_RETRIES: 2
// RUN: %hccsim -fnative -O2 %s -o %t.native
// RUN: %hccsim -fsimulate -O2 %s -o %t.sim
// RUN: env OMP_NUM_THREADS=2 %t.native > %t.out
// RUN: env HCC_PLATFORM=laptop %t.sim >> %t.out 2>/dev/null
// RUN: FileCheck %s < %t.out
// RUN: python3 -c "import re, sys; t = [float(x) for x in re.findall(r'time ([0-9.]+)', open(sys.argv[1]).read())]; print('simulated/native', 'within 8x' if t[1] < 8 * t[0] else '%.2f' % (t[1] / t[0]))" %t.out | FileCheck %s --check-prefix=RATIO
// CHECK: sum [[SUM:-?[0-9]+]]
// CHECK: sum [[SUM]]
// RATIO: simulated/native within 8x
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char *ring[64] = {0};
  long sum = 0;
  const double start = omp_get_wtime();
#pragma omp parallel for reduction(+ : sum) firstprivate(ring)
  for (int i = 0; i < 1000000; ++i) {
    const size_t n = 16 + (size_t)(i * 7919) % 200;
    char *p = malloc(n);
    memset(p, i & 0x7f, n);
    sum += p[n / 2];
    free(ring[i % 64]);
    ring[i % 64] = p;
  }
  printf("sum %ld\ntime %.6f\n", sum, omp_get_wtime() - start);
  return 0;
}
