// RUN: %omp-check %s
// Checks single copyprivate of an array, a struct and a pointer variable.
#include <omp.h>
#include <stdio.h>
#include <string.h>

struct config {
  int id;
  double scale;
  char name[16];
};

int main(void) {
  int bad_arr = 0, bad_struct = 0, bad_ptr = 0;
  static int shared_buf[4] = {7, 8, 9, 10};
  long checksum = 0;

#pragma omp parallel shared(bad_arr, bad_struct, bad_ptr, shared_buf) reduction(+ : checksum)
  {
    int arr[5];
    struct config cfg;
    int *ptr = NULL;
    memset(arr, 0, sizeof arr);
    memset(&cfg, 0, sizeof cfg);

#pragma omp single copyprivate(arr, cfg, ptr)
    {
      for (int i = 0; i < 5; i++)
        arr[i] = (i + 1) * 11;
      cfg.id = 42;
      cfg.scale = 0.125;
      strcpy(cfg.name, "broadcast");
      ptr = &shared_buf[2];
    }

    int ok = 1;
    for (int i = 0; i < 5; i++)
      if (arr[i] != (i + 1) * 11)
        ok = 0;
    if (!ok) {
#pragma omp atomic write
      bad_arr = 1;
    }
    if (cfg.id != 42 || cfg.scale != 0.125 || strcmp(cfg.name, "broadcast") != 0) {
#pragma omp atomic write
      bad_struct = 1;
    }
    if (ptr != &shared_buf[2] || *ptr != 9) {
#pragma omp atomic write
      bad_ptr = 1;
    }
#pragma omp single
    checksum += arr[0] + arr[4] + cfg.id + *ptr;
  }

  printf("array broadcast ok: %d\n", !bad_arr);
  printf("struct broadcast ok: %d\n", !bad_struct);
  printf("pointer broadcast ok: %d\n", !bad_ptr);
  printf("checksum: %ld\n", checksum);
  return 0;
}
