// RUN: %omp-check %s
// taskwait waits for the child tasks of the current task; each level waiting for its own children yields a complete tree result.
#include <stdio.h>
#include <omp.h>

static int count_nodes(int depth) {
  if (depth == 0)
    return 1;
  int left = 0, right = 0;
#pragma omp task shared(left) firstprivate(depth)
  left = count_nodes(depth - 1);
#pragma omp task shared(right) firstprivate(depth)
  right = count_nodes(depth - 1);
#pragma omp taskwait
  return 1 + left + right;
}

int main(void) {
  int nodes = 0;
  int stage[3] = {0, 0, 0};

#pragma omp parallel
#pragma omp single
  {
    nodes = count_nodes(9);

    /* sequence of stages separated by taskwait */
    for (int s = 0; s < 3; s++) {
      for (int k = 0; k < 10; k++) {
#pragma omp task shared(stage) firstprivate(s, k)
        {
          int base = s > 0 ? stage[s - 1] : 1; /* previous stage is complete */
#pragma omp atomic
          stage[s] += base + k;
        }
      }
#pragma omp taskwait
    }

    /* a child that itself waits for its own children */
    int leaf_sum = 0;
#pragma omp task shared(leaf_sum)
    {
      int parts[4];
      for (int k = 0; k < 4; k++) {
#pragma omp task shared(parts) firstprivate(k)
        parts[k] = (k + 1) * 11;
      }
#pragma omp taskwait
      leaf_sum = parts[0] + parts[1] + parts[2] + parts[3];
    }
#pragma omp taskwait
    printf("leaf_sum %d\n", leaf_sum);
  }
  printf("nodes %d\n", nodes);
  printf("stages %d %d %d\n", stage[0], stage[1], stage[2]);
  return 0;
}
