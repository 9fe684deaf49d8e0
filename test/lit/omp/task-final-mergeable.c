// RUN: %omp-check %s
// final(1) makes the task and all its descendants final (omp_in_final() is 1, children are included and run at once, in order); mergeable tasks give the same results.
#include <stdio.h>
#include <omp.h>

static int order[16];
static int pos;

static int final_leaves;

/* n leaves; every task created at depth >= 3 is final, and so are its
   descendants, so every leaf (they all lie deeper) runs in a final task */
static long leaves(int n, int depth) {
  if (n <= 1) {
    if (omp_in_final()) {
#pragma omp atomic
      final_leaves++;
    }
    return n;
  }
  long a = 0, b = 0;
#pragma omp task final(depth >= 3) mergeable shared(a) firstprivate(n, depth)
  a = leaves(n / 2, depth + 1);
#pragma omp task final(depth >= 3) mergeable shared(b) firstprivate(n, depth)
  b = leaves(n - n / 2, depth + 1);
#pragma omp taskwait
  return a + b;
}

int main(void) {
  int in_final_outer = -1, in_final_child = -1, in_final_plain = -1;
  long s = 0;

#pragma omp parallel
#pragma omp single
  {
#pragma omp task final(1) shared(in_final_outer, in_final_child)
    {
      in_final_outer = omp_in_final();
      /* included tasks: executed immediately by this thread, in order */
      for (int k = 0; k < 8; k++) {
#pragma omp task shared(in_final_child) firstprivate(k)
        {
          order[pos++] = k;
          in_final_child = omp_in_final();
#pragma omp task firstprivate(k)
          order[pos++] = 100 + k; /* grandchild, also included */
        }
      }
    }
#pragma omp task final(0) shared(in_final_plain)
    in_final_plain = omp_in_final();

    /* mergeable tasks that only read their firstprivate data */
    int base = 21;
#pragma omp task mergeable shared(s) firstprivate(base)
    s = base * 2;
#pragma omp taskwait
    s += leaves(1000, 0);
    printf("outside tasks in_final %d\n", omp_in_final());
  }
  printf("in_final outer %d child %d plain %d\n", in_final_outer, in_final_child, in_final_plain);
  printf("order");
  for (int i = 0; i < pos; i++)
    printf(" %d", order[i]);
  printf("\ns %ld final_leaves %d\n", s, final_leaves);
  return 0;
}
