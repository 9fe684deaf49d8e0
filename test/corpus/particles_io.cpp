// Particle output as C++ MPI codes write it: each rank's particles (a
// struct with padding, described by MPI_Type_create_struct and resized to
// its C++ size) at an offset from MPI_Exscan, written collectively; a
// Fortran-ordered 3-D field through a subarray view; then every rank reads
// its neighbour's particles back and rank 0 sums what everyone read.
#include <mpi.h>

#include <cstddef>
#include <cstdio>
#include <numeric>
#include <vector>

struct Particle {
  int id;
  double x[3];
  float charge;
};

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  const int blocks[3] = {1, 3, 1};
  const MPI_Aint displacements[3] = {offsetof(Particle, id), offsetof(Particle, x), offsetof(Particle, charge)};
  const MPI_Datatype types[3] = {MPI_INT, MPI_DOUBLE, MPI_FLOAT};
  MPI_Datatype record, particle_type;
  MPI_Type_create_struct(3, blocks, displacements, types, &record);
  MPI_Type_create_resized(record, 0, sizeof(Particle), &particle_type);
  MPI_Type_commit(&particle_type);
  MPI_Type_free(&record);
  int packed = 0;
  MPI_Type_size(particle_type, &packed);

  // Rank r owns 10 + 3 r particles.
  std::vector<Particle> mine(10 + 3 * rank);
  for (std::size_t i = 0; i < mine.size(); ++i)
    mine[i] = {rank * 1000 + static_cast<int>(i), {rank + 0.5, i * 0.25, -1.0 * i}, 0.5f * static_cast<float>(i % 3)};
  long long count = static_cast<long long>(mine.size()), before = 0;
  MPI_Exscan(&count, &before, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) before = 0;

  MPI_File fh;
  MPI_File_open(MPI_COMM_WORLD, "particles_io.dat", MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
  MPI_File_set_size(fh, 0);
  MPI_File_write_at_all(fh, before * packed, mine.data(), static_cast<int>(mine.size()), particle_type,
                        MPI_STATUS_IGNORE);
  long long total = 0;
  MPI_Allreduce(&count, &total, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);

  // A 4 x 6 x (2 size) field in Fortran order, split along its last dimension.
  const int sizes[3] = {4, 6, 2 * size}, subsizes[3] = {4, 6, 2}, starts[3] = {0, 0, 2 * rank};
  MPI_Datatype slab;
  MPI_Type_create_subarray(3, sizes, subsizes, starts, MPI_ORDER_FORTRAN, MPI_DOUBLE, &slab);
  MPI_Type_commit(&slab);
  std::vector<double> field(4 * 6 * 2);
  for (std::size_t i = 0; i < field.size(); ++i) field[i] = rank * 100.0 + static_cast<double>(i);
  const MPI_Offset field_start = total * packed;
  MPI_File_set_view(fh, field_start, MPI_DOUBLE, slab, "native", MPI_INFO_NULL);
  MPI_File_write_all(fh, field.data(), static_cast<int>(field.size()), MPI_DOUBLE, MPI_STATUS_IGNORE);
  MPI_Type_free(&slab);
  MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);

  // The neighbour's particles, read back through the same type.
  const int next = (rank + 1) % size;
  long long next_before = 0;
  MPI_Sendrecv(&before, 1, MPI_LONG_LONG, (rank + size - 1) % size, 0, &next_before, 1, MPI_LONG_LONG, next, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  std::vector<Particle> theirs(10 + 3 * next);
  MPI_Status status;
  MPI_File_read_at_all(fh, next_before * packed, theirs.data(), static_cast<int>(theirs.size()), particle_type,
                       &status);
  int got = 0;
  MPI_Get_count(&status, particle_type, &got);
  double sum = 0;
  for (const Particle& p : theirs) sum += p.id + p.x[0] + p.x[1] + p.x[2] + p.charge;
  double all = 0;
  MPI_Reduce(&sum, &all, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);

  // Rank 0: the field's first row of each slab, as Fortran lays it out.
  MPI_Offset bytes = 0;
  MPI_File_get_size(fh, &bytes);
  if (rank == 0) {
    std::vector<double> whole(4 * 6 * 2 * size);
    MPI_File_read_at(fh, field_start, whole.data(), static_cast<int>(whole.size()), MPI_DOUBLE, MPI_STATUS_IGNORE);
    std::printf("%lld particles of %d bytes, file %lld bytes, rank 0 read %d of its neighbour's, sum %.3f\n", total,
                packed, static_cast<long long>(bytes), got, all);
    std::printf("field slabs:");
    for (int k = 0; k < 2 * size; ++k) std::printf(" %g", whole[static_cast<std::size_t>(k) * 24]);
    std::printf("\nfield sum %.1f\n", std::accumulate(whole.begin(), whole.end(), 0.0));
  }
  MPI_File_close(&fh);
  MPI_Type_free(&particle_type);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) MPI_File_delete("particles_io.dat", MPI_INFO_NULL);
  MPI_Finalize();
  return 0;
}
