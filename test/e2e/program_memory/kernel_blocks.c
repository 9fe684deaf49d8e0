/* A task that allocates blocks spread over a heap touched beforehand, as a
 * multifrontal solver's activates allocate its fronts: natively its
 * mallocs fault no page in. An instrumented build must not fault more in
 * the task (its time is the kernel's model): the runtime keeps no entry for
 * a kernel's blocks, which it does not count (the task declares what it
 * allocates, so its stores to the shared results do not make it control
 * code whose allocations count).
 *
 *   kernel_blocks
 *
 * Prints "task_faults=<minor faults during the task's allocations>
 * sum=<checksum>". */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

enum { kBlocks = 4096, kBlockBytes = 30000 };

static long minor_faults(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_minflt;
}

int main(void) {
  /* The heap keeps what is freed, and large blocks come from it. */
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  const size_t heap = (size_t)kBlocks * (kBlockBytes + 64) + (1 << 20);
  char *touched = malloc(heap);
  if (!touched) return 1;
  memset(touched, 1, heap);
  __asm__ __volatile__("" : : "r"(touched) : "memory");
  free(touched);

  static char *blocks[kBlocks];
  long faults = 0;
  double sum = 0;
#pragma omp parallel
#pragma omp single
#pragma omp task shared(faults, sum, blocks)
#pragma hcc task alloc(kBlocks * kBlockBytes) free(kBlocks * kBlockBytes)
  {
    const long before = minor_faults();
    for (int i = 0; i < kBlocks; ++i) blocks[i] = malloc(kBlockBytes);
    faults = minor_faults() - before;
    for (int i = 0; i < kBlocks; ++i) {
      blocks[i][i % kBlockBytes] = (char)i;
      sum += blocks[i][i % kBlockBytes];
      free(blocks[i]);
    }
  }
  printf("task_faults=%ld sum=%.1f\n", faults, sum);
  return 0;
}
