/* The C ABI (hcc/hcc.h) called directly, linked through find_package(hccsim)
 * with the ordinary C compiler: four dependent tasks add 0, 1, 2, 3 to x = 1.
 * Prints "x=7". */
#include <hcc/hcc.h>
#include <stdio.h>

static void add(void *const *buffers, void *arg) {
  double *x = (double *)buffers[0];
  *x += *(const double *)arg;
}

int main(void) {
  static const hcc_codelet cl = {"add", add, NULL, 0, NULL, 0};
  if (hcc_init() != 0) return 1;
  double x = 1;
  hcc_handle h = hcc_data_register(&x, sizeof x);
  for (int i = 0; i < 4; i++) {
    double inc = i;
    hcc_access a = {h, HCC_RW};
    hcc_task_desc d = {&cl, &inc, sizeof inc, &a, 1, NULL, 0, 0, NULL, 0, 0};
    if (hcc_submit(&d) != 0) return 1;
  }
  hcc_wait_all();
  hcc_data_unregister(h);
  hcc_shutdown();
  printf("x=%g\n", x);
  return 0;
}
