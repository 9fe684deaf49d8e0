// RUN: %omp-check %s
// Checks several single and master constructs in one parallel region run exactly once each, in program order.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int log[8];
  int pos = 0;
  int master_count = 0, master_tid_ok = 1;

#pragma omp parallel shared(log, pos, master_count, master_tid_ok)
  {
#pragma omp single
    log[pos++] = 1;

#pragma omp master
    {
      log[pos++] = 2;
      master_count++;
      if (omp_get_thread_num() != 0)
        master_tid_ok = 0;
    }
#pragma omp barrier

#pragma omp single
    log[pos++] = 3;

#pragma omp single
    log[pos++] = 4;

#pragma omp master
    {
      log[pos++] = 5;
      master_count++;
    }
#pragma omp barrier

#pragma omp single nowait
    log[pos++] = 6;
  }

  printf("entries: %d\n", pos);
  for (int i = 0; i < pos; i++)
    printf("log[%d] = %d\n", i, log[i]);
  printf("master count: %d, master tid ok: %d\n", master_count, master_tid_ok);
  return 0;
}
