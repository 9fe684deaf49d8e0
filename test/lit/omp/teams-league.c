// RUN: %omp-check %s
// Host teams, as conformance tests check them: every team of a league
// numbered once, each the initial thread of its team; `distribute` shares
// the iterations among the teams (each done once, whatever the schedule);
// regions inside a team see its number and respect its thread limit; a
// league of one without clauses.
#include <omp.h>
#include <stdio.h>

#define N 10000
#define MAXT 64

static int hits[N];

int main(void) {
  int seen[MAXT] = {0}, nteams = 0, bad = 0;
#pragma omp teams num_teams(3)
  {
    const int t = omp_get_team_num();
    if (t == 0) nteams = omp_get_num_teams();
    if (t < MAXT) seen[t]++;
    if (omp_get_num_threads() != 1 || omp_get_thread_num() != 0 || omp_get_level() != 0) bad++;
  }
  int once = nteams >= 1 && nteams <= 3;
  for (int t = 0; t < MAXT; t++) once = once && seen[t] == (t < nteams);
  printf("league numbered once: %d, initial threads: %d\n", once, bad == 0);

  int default_teams = 0;
#pragma omp teams
  if (omp_get_team_num() == 0) default_teams = omp_get_num_teams();
  printf("default league: %d team(s)\n", default_teams);

  long sum = 0;
#pragma omp teams distribute parallel for reduction(+ : sum) num_teams(2)
  for (int i = 0; i < N; i++) {
    hits[i]++;
    sum += i;
  }
#pragma omp teams distribute parallel for schedule(dynamic, 7) num_teams(4)
  for (int i = 0; i < N; i++) hits[i]++;
#pragma omp teams distribute dist_schedule(static, 100) num_teams(3)
  for (int i = 0; i < N; i++) hits[i]++;
#pragma omp teams loop
  for (int i = 0; i < N; i++) hits[i]++;
  int each = 1;
  for (int i = 0; i < N; i++) each = each && hits[i] == 4;
  printf("sum %ld, every iteration once per loop: %d\n", sum, each);

  int inner_bad = 0;
#pragma omp teams num_teams(2) thread_limit(2) reduction(+ : inner_bad)
  {
    const int t = omp_get_team_num();
#pragma omp parallel reduction(+ : inner_bad)
    {
      if (omp_get_team_num() != t || omp_get_num_threads() > 2 || omp_get_thread_limit() > 2) inner_bad++;
      if (omp_get_level() != 1 || omp_get_ancestor_thread_num(0) != 0) inner_bad++;
    }
  }
  printf("regions inside teams: %s\n", inner_bad == 0 ? "ok" : "wrong");
  return 0;
}
