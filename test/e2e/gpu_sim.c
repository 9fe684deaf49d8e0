/* Tasks on a simulated GPU (gpu_sim.sh): N tasks of kernel "k", which only
 * has a CUDA implementation, each on a 1 MiB datum of its own read-only
 * (indep) or all updating one datum (chain).
 *   gpu_sim N chain|indep */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hcc/hcc.h"

enum { kBytes = 1 << 20, kMaxTasks = 8 };

static char data[kMaxTasks][kBytes];

static void k_cuda(void *const *buffers, void *arg) {
  (void)buffers, (void)arg;
  fprintf(stderr, "gpu_sim: the kernel ran, but a simulation charges its model\n");
  abort();
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 0;
  if (argc != 3 || n < 1 || n > kMaxTasks || (strcmp(argv[2], "chain") != 0 && strcmp(argv[2], "indep") != 0)) {
    fprintf(stderr, "usage: gpu_sim N(1-%d) chain|indep\n", kMaxTasks);
    return 2;
  }
  const int chain = strcmp(argv[2], "chain") == 0;
  static const hcc_codelet k = {"k", NULL, k_cuda, 0, NULL, 0};
  if (hcc_init() != 0) return 1;
  hcc_handle h[kMaxTasks];
  for (int i = 0; i < n; ++i) h[i] = hcc_data_register(data[i], kBytes);
  for (int i = 0; i < n; ++i) {
    hcc_access a = {chain ? h[0] : h[i], chain ? HCC_RW : HCC_R};
    hcc_task_desc d = {0};
    d.codelet = &k;
    d.accesses = &a;
    d.naccesses = 1;
    if (hcc_submit(&d) != 0) return 1;
  }
  hcc_wait_all();
  hcc_shutdown();
  return 0;
}
