// RUN: %omp-check %s
// Checks simple locks: init/set/unset/test/destroy give mutual exclusion and omp_test_lock reports availability.
#include <omp.h>
#include <stdio.h>

int main(void) {
  omp_lock_t lock, held;
  omp_init_lock(&lock);
  omp_init_lock(&held);
  long total = 0;
  int inside = 0, overlap = 0, acquired_by_test = 0, nthreads = 0, failed_tests = 0;

  /* outside any region: test on a free lock succeeds */
  int t_free = omp_test_lock(&held);
  omp_unset_lock(&held);

#pragma omp parallel shared(lock, held, total, inside, overlap, acquired_by_test, nthreads, failed_tests)
  {
#pragma omp single
    nthreads = omp_get_num_threads();
#pragma omp for
    for (int i = 0; i < 2000; i++) {
      omp_set_lock(&lock);
      if (++inside != 1)
        overlap = 1;
      total += i;
      inside--;
      omp_unset_lock(&lock);
    }
    /* acquire by spinning on omp_test_lock */
    while (!omp_test_lock(&lock))
      ;
    if (++inside != 1)
      overlap = 1;
    acquired_by_test++;
    inside--;
    omp_unset_lock(&lock);

    /* thread 0 holds 'held' across a barrier: every other thread's test fails */
    if (omp_get_thread_num() == 0)
      omp_set_lock(&held);
#pragma omp barrier
    if (omp_get_thread_num() != 0 && !omp_test_lock(&held)) {
#pragma omp atomic
      failed_tests++;
    }
#pragma omp barrier
    if (omp_get_thread_num() == 0)
      omp_unset_lock(&held);
  }

  int t_after = omp_test_lock(&held);
  omp_unset_lock(&held);
  omp_destroy_lock(&lock);
  omp_destroy_lock(&held);
  printf("test on free lock: %d\n", t_after && t_free);
  printf("total: %ld, overlap: %d\n", total, overlap);
  printf("acquired by test == nthreads: %d\n", acquired_by_test == nthreads);
  printf("tests of a held lock all failed: %d\n", failed_tests == nthreads - 1);
  return 0;
}
