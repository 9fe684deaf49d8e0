// OpenMP's device memory routines for the host, the one device there is
// (libomp has them in libomptarget, which needs an offload plugin; gcc 12's
// libgomp lacks OpenMP 5.1's): allocation, presence, plain and rectangular copies, memset, and
// the asynchronous copies, which wait for their depend objects. An invalid
// device number gets a null pointer or a non-zero return. Natively and
// simulated.
// RUN: %hccsim -fnative -O1 %s -o %t.native
// RUN: env OMP_NUM_THREADS=2 %t.native | FileCheck %s
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: env HCC_PLATFORM=laptop %t.sim | FileCheck %s
// CHECK: alloc 1 present 1 accessible 1 mapped 1
// CHECK-NEXT: copy 0: 10 11 12 13
// CHECK-NEXT: rect max dims positive 1
// CHECK-NEXT: rect 0: 5 6 / 9 10
// CHECK-NEXT: memset 1: 7 7 7
// CHECK-NEXT: async 0: 42 42 42 42
// CHECK-NEXT: rect async 0: 5 6 / 9 10
// CHECK-NEXT: invalid device: alloc 0 copy 1 present 0
// CHECK-NEXT: associate 1
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const int host = omp_get_initial_device();
  int src[16], dst[16] = {0};
  for (int i = 0; i < 16; i++) src[i] = i;

  int *dev = omp_target_alloc(16 * sizeof(int), host);
  printf("alloc %d present %d accessible %d mapped %d\n", dev != NULL, omp_target_is_present(src, host),
         omp_target_is_accessible(src, sizeof src, host), omp_get_mapped_ptr(src, host) == src);

  int rc = omp_target_memcpy(dev, src, 4 * sizeof(int), 0, 10 * sizeof(int), host, host);
  printf("copy %d: %d %d %d %d\n", rc, dev[0], dev[1], dev[2], dev[3]);

  // The 2x2 block at (1, 1) of a 4x4 matrix into the corner of another.
  size_t volume[2] = {2, 2}, from[2] = {1, 1}, to[2] = {0, 0}, dims[2] = {4, 4};
  printf("rect max dims positive %d\n", omp_target_memcpy_rect(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, host,
                                                               host) > 0);
  rc = omp_target_memcpy_rect(dst, src, sizeof(int), 2, volume, to, from, dims, dims, host, host);
  printf("rect %d: %d %d / %d %d\n", rc, dst[0], dst[1], dst[4], dst[5]);

  int *set = omp_target_memset(dev, 7, 3 * sizeof(int), host);
  for (int i = 0; i < 3; i++) dst[8 + i] = dev[i] == 0x07070707 ? 7 : -1;
  printf("memset %d: %d %d %d\n", set == dev, dst[8], dst[9], dst[10]);

  // The copy waits for the task that writes its source.
  int value[4] = {0};
  omp_depend_t written;
#pragma omp depobj(written) depend(inout : value)
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out : value)
    {
      volatile double spin = 0;  // long enough for the copy to come first, did it not wait
      for (int i = 0; i < 5000000; i++) spin = spin + 1;
      for (int i = 0; i < 4; i++) value[i] = 42;
    }
    rc = omp_target_memcpy_async(dev, value, sizeof value, 0, 0, host, host, 1, &written);
#pragma omp taskwait
  }
#pragma omp depobj(written) destroy
  printf("async %d: %d %d %d %d\n", rc, dev[0], dev[1], dev[2], dev[3]);
  int dst2[16] = {0};
  rc = omp_target_memcpy_rect_async(dst2, src, sizeof(int), 2, volume, to, from, dims, dims, host, host, 0, NULL);
#pragma omp taskwait
  printf("rect async %d: %d %d / %d %d\n", rc, dst2[0], dst2[1], dst2[4], dst2[5]);

  const int bad = omp_get_num_devices() + 5;
  void *none = omp_target_alloc(16, bad);
  printf("invalid device: alloc %d copy %d present %d\n", none != NULL,
         omp_target_memcpy(dst, src, 4, 0, 0, bad, host) != 0, omp_target_is_present(src, bad));
  printf("associate %d\n", omp_target_associate_ptr(src, dev, sizeof src, 0, host) != 0);
  omp_target_free(dev, host);
  return 0;
}
