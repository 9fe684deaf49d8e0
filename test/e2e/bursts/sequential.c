/* A program without OpenMP or MPI (bursts.sh): its whole run is one burst
 * of `units` units of CPU time, which a simulation charges on its core; the
 * summary's makespan is that run's end, not 0. */
#include <stdio.h>
#include <stdlib.h>

#include "../sampling/spin.h"

int main(int argc, char **argv) {
  const double unit = argc > 1 ? atof(argv[1]) : 0.004;
  for (int i = 0; i < 4; ++i) spin(unit);
  printf("done\n");
  return 0;
}
