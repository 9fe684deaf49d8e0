/* Independent tasks of one kernel, for the runtime-cost tests
 * (runtime_costs.sh): natively each task spins for 1 ms; in simulation its
 * duration comes from the kernel's model (a regression over its parameter).
 *
 *   runtime_costs <tasks> [pause_ms]
 *
 * With pause_ms, the program sleeps that long after each submission, so that
 * the worker waits for every task and is woken for it.
 */
#include <stdlib.h>
#include <time.h>

#include "hcc/hcc.h"

static double seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void spin(void *const *buffers, void *arg) {
  (void)buffers;
  (void)arg;
  const double end = seconds() + 1e-3;
  while (seconds() < end) {
  }
}

static const char *const param_names[] = {"i"};
static const hcc_codelet spin_codelet = {"spin", spin, NULL, 1, param_names, 0};

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 3;
  const int pause_ms = argc > 2 ? atoi(argv[2]) : 0;
  if (n < 1 || hcc_init() != 0) return 2;
  double *data = calloc((size_t)n, sizeof *data);
  for (int i = 0; i < n; ++i) {
    hcc_access a = {hcc_data_register(&data[i], sizeof data[i]), HCC_RW};
    double param = i;
    hcc_task_desc desc = {&spin_codelet, NULL, 0, &a, 1, &param, 1, 0, NULL, 0, 0};
    if (hcc_submit(&desc) != 0) return 1;
    if (pause_ms > 0) {
      const struct timespec pause = {0, pause_ms * 1000000L};
      nanosleep(&pause, NULL);
    }
  }
  hcc_wait_all();
  hcc_shutdown();
  free(data);
  return 0;
}
