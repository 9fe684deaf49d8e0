// RUN: %omp-check %s
// A reduction over the teams of a league: the teams run at once, each a
// team of one thread, and each combines its copy into the one variable
// (an array section, so that two teams' combinations last long enough to
// overlap). A team of one combined without the reduction's lock: one
// team's contribution was lost in some repetitions natively.
#include <omp.h>
#include <stdio.h>

#define N 4096
#define REPS 300

int main(void) {
  static long a[N];
  int wrong = 0, nteams = 0;
  for (int rep = 0; rep < REPS; rep++) {
    for (int i = 0; i < N; i++) a[i] = 0;
    long s = 0;
#pragma omp teams num_teams(2) reduction(+ : a[:N], s)
    {
      if (omp_get_team_num() == 0) nteams = omp_get_num_teams();
      for (int i = 0; i < N; i++) a[i] += omp_get_team_num() + 1;
      s += omp_get_team_num() + 1;
    }
    const long expected = nteams == 2 ? 3 : 1;
    int ok = s == expected;
    for (int i = 0; i < N; i++) ok = ok && a[i] == expected;
    wrong += !ok;
  }
  printf("repetitions with a lost contribution: %d\n", wrong);
  return 0;
}
