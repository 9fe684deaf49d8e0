// RUN: %omp-check %s
// firstprivate arrays and structs on task are copied at creation: later changes by the creator are not seen by the task.
#include <stdio.h>
#include <string.h>
#include <omp.h>

struct point { int x, y; char tag[8]; int w[3]; };

int main(void) {
  int arr[6] = {1, 2, 3, 4, 5, 6};
  int grid[2][3] = {{1, 1, 1}, {2, 2, 2}};
  struct point p = {3, 4, "abc", {7, 8, 9}};
  int out_arr[4], out_grid = 0, out_p = 0;
  char out_tag[8];

#pragma omp parallel
#pragma omp single
  {
    for (int t = 0; t < 4; t++) {
#pragma omp task firstprivate(arr, t) shared(out_arr)
      {
        int s = 0;
        for (int i = 0; i < 6; i++)
          s += arr[i] * (t + 1);
        arr[0] = -100; /* the copy belongs to this task only */
        out_arr[t] = s;
      }
      for (int i = 0; i < 6; i++)
        arr[i] *= 2; /* next task sees doubled values */
    }
#pragma omp task firstprivate(grid, p) shared(out_grid, out_p, out_tag)
    {
      for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
          out_grid += grid[i][j] * (j + 1);
      out_p = p.x * 100 + p.y * 10 + p.w[0] + p.w[1] + p.w[2];
      strcpy(out_tag, p.tag);
    }
    memset(grid, 0, sizeof grid);
    p.x = 0;
    p.w[2] = 1000;
    strcpy(p.tag, "zzz");
#pragma omp taskwait
  }

  printf("out_arr %d %d %d %d\n", out_arr[0], out_arr[1], out_arr[2], out_arr[3]);
  printf("arr[0] after %d\n", arr[0]);
  printf("grid %d p %d tag %s\n", out_grid, out_p, out_tag);
  return 0;
}
