// Persistent sends started again before the receiver took the previous
// message: SMPI keeps a detached short message's persistent request as its
// sender, and restarting it lost the message (the simulation stopped as a
// deadlock at 3 ranks and more). Each start is a fresh message now; the
// program's request stays, inactive once its message is done. Waited for
// with MPI_Waitall, MPI_Waitany, MPI_Waitsome and MPI_Testall; freed while
// inactive and while a message is in flight. MPI_Test of an inactive
// request says done (SMPI's left the flag as it was under
// MPI_STATUS_IGNORE).
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: %hccsim-run -np 4 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s
// RUN: %hccsim-run -np 3 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s --check-prefix=THREE
// CHECK: rank 0: ring 93 any 93 some 93 test 93 inactive 1
// CHECK-NEXT: rank 1: ring 3 any 3 some 3 test 3 inactive 1
// CHECK-NEXT: rank 2: ring 33 any 33 some 33 test 33 inactive 1
// CHECK-NEXT: rank 3: ring 63 any 63 some 63 test 63 inactive 1
// CHECK-NEXT: hccsim: mode=simulate
// THREE: rank 0: ring 63 any 63 some 63 test 63 inactive 1
// THREE-NEXT: rank 1: ring 3 any 3 some 3 test 3 inactive 1
// THREE-NEXT: rank 2: ring 33 any 33 some 33 test 33 inactive 1
#include <mpi.h>
#include <stdio.h>
#include <time.h>

// Burns this many seconds of the calling thread's CPU time: rank 1 starts
// late, so that its left neighbour starts its send again before rank 1
// took the first message.
static void burn(double seconds) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  const double end = t.tv_sec + t.tv_nsec * 1e-9 + seconds;
  do clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  while (t.tv_sec + t.tv_nsec * 1e-9 < end);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int right = (rank + 1) % size, left = (rank + size - 1) % size;
  int out = 0, in = -1, sums[4] = {0, 0, 0, 0};
  MPI_Request r[2];
  MPI_Send_init(&out, 1, MPI_INT, right, 1, MPI_COMM_WORLD, &r[0]);
  MPI_Recv_init(&in, 1, MPI_INT, left, 1, MPI_COMM_WORLD, &r[1]);
  if (rank == 1) burn(0.05);
  for (int k = 0; k < 3; ++k) {  // waited for together
    out = rank * 10 + k;
    MPI_Startall(2, r);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    sums[0] += in;
  }
  if (rank == 1) burn(0.05);
  for (int k = 0; k < 3; ++k) {  // one at a time
    out = rank * 10 + k;
    MPI_Start(&r[0]);
    MPI_Start(&r[1]);
    for (int done = 0, index; done < 2; ++done) MPI_Waitany(2, r, &index, MPI_STATUS_IGNORE);
    sums[1] += in;
  }
  for (int k = 0; k < 3; ++k) {  // some at a time
    out = rank * 10 + k;
    MPI_Startall(2, r);
    for (int done = 0, n, which[2]; done < 2; done += n) MPI_Waitsome(2, r, &n, which, MPI_STATUSES_IGNORE);
    sums[3] += in;
  }
  for (int k = 0; k < 3; ++k) {  // tested
    out = rank * 10 + k;
    MPI_Startall(2, r);
    int flag = 0;
    while (!flag) MPI_Testall(2, r, &flag, MPI_STATUSES_IGNORE);
    sums[2] += in;
  }
  // Inactive: a test says done at once, and the requests are still there.
  int flag = 0;
  MPI_Test(&r[0], &flag, MPI_STATUS_IGNORE);
  const int inactive = flag && r[0] != MPI_REQUEST_NULL && r[1] != MPI_REQUEST_NULL;
  MPI_Request_free(&r[1]);
  MPI_Start(&r[0]);  // freed in flight: its message still arrives
  MPI_Request_free(&r[0]);
  MPI_Recv(&in, 1, MPI_INT, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

  char line[100], all[16][100];
  snprintf(line, sizeof line, "rank %d: ring %d any %d some %d test %d inactive %d", rank, sums[0], sums[1], sums[3],
           sums[2], inactive);
  MPI_Gather(line, 100, MPI_CHAR, all, 100, MPI_CHAR, 0, MPI_COMM_WORLD);
  if (rank == 0)
    for (int i = 0; i < size; ++i) printf("%s\n", all[i]);
  MPI_Finalize();
  return 0;
}
