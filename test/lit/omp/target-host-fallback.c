// Target constructs with no offload device run on the host, as libomp
// runs them: combined constructs, data regions and updates, deferred
// target tasks with dependences, declare target functions and variables,
// a target's thread_limit (OpenMP 5.1), a global the region takes a copy
// of, default-device-var.
// RUN: %omp-check %s
#include <omp.h>
#include <stdio.h>

#define N 1000
#pragma omp declare target
static double bias = 0.25;
static double twice(double x) { return 2.0 * x + bias; }
#pragma omp end declare target
int global_count = 3;

int main(void) {
  static double a[N], b[N], c[N][N / 10];
  double sum = 0, dot = 0;
  int on_host = 0, teams_ok = 1;
  printf("devices %d, initial device %d\n", omp_get_num_devices(), omp_get_initial_device() == omp_get_num_devices());

#pragma omp target data map(alloc : a[0 : N]) map(tofrom : b[0 : N])
  {
#pragma omp target teams distribute parallel for map(tofrom : a[0 : N])
    for (int i = 0; i < N; i++) a[i] = twice(i);
#pragma omp target update from(a[0 : N])
#pragma omp target parallel for
    for (int i = 0; i < N; i++) b[i] = a[i] - i;
  }
#pragma omp target teams distribute parallel for collapse(2) map(tofrom : c)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N / 10; j++) c[i][j] = i + 0.5 * j;
#pragma omp target teams distribute parallel for reduction(+ : sum) map(to : a, c)
  for (int i = 0; i < N; i++) sum += a[i] + c[i][i % (N / 10)];
#pragma omp target teams loop reduction(+ : dot)
  for (int i = 0; i < N; i++) dot += a[i] * b[i];
#pragma omp target map(tofrom : on_host) device(omp_get_initial_device())
  on_host = omp_is_initial_device();
#pragma omp target teams num_teams(3) map(tofrom : teams_ok)
  {
    if (omp_get_team_num() >= omp_get_num_teams()) teams_ok = 0;
  }

  // Deferred target tasks ordered by their dependences.
  double x = 1;
#pragma omp target map(tofrom : x) depend(out : x) nowait
  x = x * 3;
#pragma omp target map(tofrom : x) depend(inout : x) nowait
  x = x + 4;
#pragma omp target enter data map(to : x) depend(in : x) nowait
#pragma omp taskwait
#pragma omp target exit data map(from : x)

#pragma omp target simd map(tofrom : b)
  for (int i = 0; i < N; i++) b[i] += 1;
#pragma omp target if (target : 0) map(tofrom : b)
  b[0] = -b[0];
  int one_thread = 0, limit = 0, seen = 0;
#pragma omp target thread_limit(1) map(from : one_thread, limit)
#pragma omp parallel
#pragma omp single
  {
    one_thread = omp_get_num_threads() == 1;
    limit = omp_get_thread_limit();
  }
#pragma omp target map(from : seen)
  {
    seen = global_count;
    global_count = 99;  // the region's copy
  }
  omp_set_default_device(3);
  printf("thread limit: one thread %d, limit %d; copy: seen %d, after %d; default device %d\n", one_thread, limit,
         seen, global_count, omp_get_default_device());
  printf("sum %.2f dot %.2f b %.2f %.2f\n", sum, dot, b[0], b[N - 1]);
  printf("on host %d, teams %d, x %.0f\n", on_host, teams_ok, x);
  return 0;
}
