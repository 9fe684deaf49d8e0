// RUN: %omp-check %s
// Checks directives produced by macros with _Pragma, and pragmas inside function-like macro bodies.
#include <omp.h>
#include <stdio.h>

#define STR(x) #x
#define OMP(directive) _Pragma(STR(omp directive))
#define PARALLEL_FOR_SUM(var, n, expr)                                 \
  do {                                                                 \
    OMP(parallel for reduction(+ : var))                               \
    for (int i_ = 0; i_ < (n); i_++)                                   \
      var += (expr);                                                   \
  } while (0)
#define ATOMIC_INC(v) _Pragma("omp atomic") (v)++
#define ONCE(stmt) _Pragma("omp single") { stmt; }

int main(void) {
  long s = 0;
  PARALLEL_FOR_SUM(s, 100, i_ * 2);
  printf("macro parallel for sum: %ld\n", s);

  int count = 0, singles = 0, nthreads = 0;
  long crit = 0;
  OMP(parallel shared(count, singles, nthreads, crit))
  {
    ATOMIC_INC(count);
    ONCE(singles++; nthreads = omp_get_num_threads())
    OMP(for schedule(dynamic, 4))
    for (int i = 0; i < 40; i++) {
      OMP(critical(mac))
      crit += i;
    }
    OMP(barrier)
    OMP(masked)
    singles += 10;
  }
  printf("atomic via macro: %d\n", count == nthreads);
  printf("single + masked via macro: %d\n", singles);
  printf("critical via macro: %ld\n", crit);

  int ord[6], pos = 0;
  OMP(parallel for ordered schedule(static, 1))
  for (int i = 0; i < 6; i++) {
    OMP(ordered)
    ord[pos++] = i * i;
  }
  for (int i = 0; i < 6; i++)
    printf("%d%c", ord[i], i == 5 ? '\n' : ' ');
  return 0;
}
