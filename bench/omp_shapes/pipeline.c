/* NPB LU's way: a pipeline of threads synchronised by flags and flushes;
 * thread 0's stage is the longer (omp_shapes.py). */
#include "work.h"
#define NT 2
int isync[NT];
static void sync_left(int iam) {
  if (iam > 0) {
    int neigh = iam - 1;
    while (isync[neigh] == 0) {
#pragma omp flush(isync)
    }
    isync[neigh] = 0;
#pragma omp flush(isync)
  }
}
static void sync_right(int iam) {
  if (iam < NT - 1) {
    while (isync[iam] == 1) {
#pragma omp flush(isync)
    }
    isync[iam] = 1;
#pragma omp flush(isync)
  }
}
int main(void) {
  double acc[NT] = {0}, t0 = omp_get_wtime();
#pragma omp parallel num_threads(NT)
  {
    int iam = omp_get_thread_num();
    for (int k = 0; k < 40; ++k) {
      sync_left(iam);
      acc[iam] += work(iam == 0 ? 1500000 : 1000000, k);
      sync_right(iam);
    }
  }
  printf("pipeline %.6f %.6f\n", acc[0], acc[1]);
  printf("time=%f\n", omp_get_wtime() - t0);
}
