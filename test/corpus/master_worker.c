/* Dynamic load balancing as master-worker codes write it: rank 0 hands out
 * jobs one at a time and takes results from whichever worker ends first
 * (MPI_ANY_SOURCE), polling with MPI_Iprobe and computing jobs itself while
 * none has ended; workers wait for their next job with MPI_Test. Results
 * are kept by job and summed in job order, so the output does not depend on
 * which worker took which job. Simulated, every receive from
 * MPI_ANY_SOURCE crashed (SMPI's placeholder MPI_COMM_WORLD). */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define JOBS 120

static double work(int job) {
  double s = 0;
  for (int i = 0; i < 2000 + (job % 7) * 3000; ++i) s += sin(i * 0.001 + job);
  return s;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == 0) {
    double result[JOBS];
    int owner[JOBS], next = 0, active = 0;
    for (int w = 1; w < size; ++w) {
      const int job = next < JOBS ? next++ : -1;
      MPI_Send(&job, 1, MPI_INT, w, 1, MPI_COMM_WORLD);
      active += job >= 0;
    }
    while (active > 0 || next < JOBS) {
      int flag = 0;
      MPI_Status st;
      MPI_Iprobe(MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &flag, &st);
      if (!flag) {
        if (next < JOBS) {
          result[next] = work(next);
          owner[next++] = 0;
        } else {
          MPI_Probe(MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &st);
        }
        continue;
      }
      double done[2];
      MPI_Recv(done, 2, MPI_DOUBLE, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &st);
      result[(int)done[0]] = done[1];
      owner[(int)done[0]] = st.MPI_SOURCE;
      const int job = next < JOBS ? next++ : -1;
      MPI_Send(&job, 1, MPI_INT, st.MPI_SOURCE, 1, MPI_COMM_WORLD);
      if (job < 0) --active;
    }
    double total = 0;
    int owned = 0;
    for (int j = 0; j < JOBS; ++j) {
      total += result[j];
      owned += owner[j] >= 0 && owner[j] < size;
    }
    printf("jobs=%d owned=%d total=%.10e\n", JOBS, owned, total);
  } else {
    for (;;) {
      int job, flag = 0;
      MPI_Request request;
      MPI_Irecv(&job, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &request);
      while (!flag) MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
      if (job < 0) break;
      const double done[2] = {job, work(job)};
      MPI_Send(done, 2, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD);
    }
  }
  MPI_Finalize();
  return 0;
}
