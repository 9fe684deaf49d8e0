// A process that forks after using OpenMP: the child has the forking thread
// alone, and its OpenMP constructs get a runtime of their own, as libomp
// reinitialises in a forked child (the child's exit waited forever for the
// parent's workers and their tasks in flight; libomp's own
// api/omp_pause_resource.c hung so).
// NATIVE-ONLY: a simulated child of fork() goes on with its parent's simulation (its clock, its task counts)
// RUN: %omp-check %s
#include <omp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static long tasks_then_loop(int n) {
  long count = 0, sum = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task shared(count)
    {
#pragma omp atomic
      count++;
    }
  }
#pragma omp parallel for reduction(+ : sum)
  for (int i = 1; i <= n; i++) sum += i;
  return sum + 0 * count;
}

int main(void) {
  printf("parent before fork: %ld\n", tasks_then_loop(100));
  fflush(stdout);
  const pid_t child = fork();
  if (child == 0) {
    int threads = 0;
#pragma omp parallel
#pragma omp single
    threads = omp_get_num_threads();
    printf("child: as many threads as the parent: %d, %ld\n", threads == omp_get_max_threads(),
           tasks_then_loop(1000));
    return 0;
  }
  int status = -1;
  waitpid(child, &status, 0);
  printf("parent after fork: child exited %d, %ld\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1,
         tasks_then_loop(10));
  // A child that exits at once, its parent's tasks long done.
  const pid_t quiet = fork();
  if (quiet == 0) _exit(0);
  waitpid(quiet, &status, 0);
  printf("second child exited %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return 0;
}
