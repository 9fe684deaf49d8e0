/* An integer sort shaped like a well-known MPI suite's: keys, bucket counts
 * and the received keys are globals of several MiB; each rank generates its
 * keys with a generator whose state is a file static, counts them per
 * bucket, exchanges them (MPI_Alltoall, MPI_Alltoallv) so that rank r holds
 * the r-th range of values, ranks them and checks the global order.
 * Prints SUCCESSFUL or UNSUCCESSFUL, and a checksum of the ranks. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define TOTAL_KEYS (1 << 21)
#define MAX_KEY (1 << 16)
#define NBUCKETS 1024
#define MAX_RANKS 64

int key_array[TOTAL_KEYS];
int key_buff[2 * TOTAL_KEYS];
int bucket_size[NBUCKETS];
int bucket_ptrs[NBUCKETS];
int key_count[MAX_KEY];
static double seed = 314159265.0;

static double randlc(double *x, double a) {
  const double t23 = 8388608.0, r23 = 1.0 / t23, t46 = t23 * t23, r46 = r23 * r23;
  double a1 = (int)(r23 * a), a2 = a - t23 * a1;
  double x1 = (int)(r23 * *x), x2 = *x - t23 * x1;
  double t1 = a1 * x2 + a2 * x1;
  double t2 = (int)(r23 * t1), z = t1 - t23 * t2;
  double t3 = t23 * z + a2 * x2;
  double t4 = (int)(r46 * t3);
  *x = t3 - t46 * t4;
  return r46 * *x;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > MAX_RANKS) MPI_Abort(MPI_COMM_WORLD, 1);
  const int nkeys = TOTAL_KEYS / size;
  for (int i = 0; i < rank * 4; ++i) randlc(&seed, 1220703125.0);
  for (int i = 0; i < nkeys; ++i) {
    double x = randlc(&seed, 1220703125.0) + randlc(&seed, 1220703125.0);
    x += randlc(&seed, 1220703125.0) + randlc(&seed, 1220703125.0);
    key_array[i] = (int)(MAX_KEY / 4 * x);
  }
  /* Buckets: which rank each key goes to. */
  const int shift = 16 - 10;
  for (int i = 0; i < nkeys; ++i) bucket_size[key_array[i] >> shift]++;
  bucket_ptrs[0] = 0;
  for (int b = 1; b < NBUCKETS; ++b) bucket_ptrs[b] = bucket_ptrs[b - 1] + bucket_size[b - 1];
  int *sorted = malloc(nkeys * sizeof(int));
  for (int i = 0; i < nkeys; ++i) sorted[bucket_ptrs[key_array[i] >> shift]++] = key_array[i];
  int send_count[MAX_RANKS] = {0}, recv_count[MAX_RANKS], sdispl[MAX_RANKS], rdispl[MAX_RANKS];
  const int per_rank = NBUCKETS / size;
  for (int b = 0; b < NBUCKETS; ++b) send_count[b / per_rank < size ? b / per_rank : size - 1] += bucket_size[b];
  MPI_Alltoall(send_count, 1, MPI_INT, recv_count, 1, MPI_INT, MPI_COMM_WORLD);
  sdispl[0] = rdispl[0] = 0;
  for (int r = 1; r < size; ++r) {
    sdispl[r] = sdispl[r - 1] + send_count[r - 1];
    rdispl[r] = rdispl[r - 1] + recv_count[r - 1];
  }
  const int received = rdispl[size - 1] + recv_count[size - 1];
  MPI_Alltoallv(sorted, send_count, sdispl, MPI_INT, key_buff, recv_count, rdispl, MPI_INT, MPI_COMM_WORLD);
  free(sorted);
  /* Rank the received keys: counting sort over the value range. */
  int lo = MAX_KEY, hi = 0;
  for (int i = 0; i < received; ++i) {
    if (key_buff[i] < lo) lo = key_buff[i];
    if (key_buff[i] > hi) hi = key_buff[i];
  }
  for (int i = 0; i < received; ++i) key_count[key_buff[i]]++;
  int pos = 0;
  for (int v = 0; v < MAX_KEY; ++v)
    while (key_count[v]-- > 0) key_buff[pos++] = v;
  int ok = 1;
  for (int i = 1; i < received; ++i) ok &= key_buff[i - 1] <= key_buff[i];
  /* Across ranks: my smallest is at least the previous rank's largest. */
  int prev_hi = -1;
  if (rank > 0) MPI_Recv(&prev_hi, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (rank + 1 < size) MPI_Send(&hi, 1, MPI_INT, rank + 1, 0, MPI_COMM_WORLD);
  ok &= received == 0 || prev_hi <= lo;
  long long sum = 0, total = 0;
  for (int i = 0; i < received; i += 97) sum += key_buff[i] * (long long)(i + 1);
  long long keys = received;
  int all_ok = 0;
  MPI_Reduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
  MPI_Reduce(&sum, &total, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  long long all_keys = 0;
  MPI_Reduce(&keys, &all_keys, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("int_sort: %s keys=%lld checksum=%lld\n", all_ok && all_keys == TOTAL_KEYS / size * size ? "SUCCESSFUL" : "UNSUCCESSFUL",
           all_keys, total);
  MPI_Finalize();
  return 0;
}
