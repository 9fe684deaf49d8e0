// The accumulate functions of a simulated program (MPI_Accumulate,
// MPI_Get_accumulate, MPI_Raccumulate, MPI_Rget_accumulate). A derived
// datatype here is SMPI's type resized to step by its extent
// (sim_mpi_types.cpp), a struct with MPI_LB and MPI_UB markers, and SMPI's
// accumulate applied the operation to the markers: an MPI_Accumulate
// into a vector of ints stopped the simulation ("Failed to apply SUM_OP to
// type MPI_LB"). Each is given the types as they were made where their
// elements lie at the same places (accumulated_type). SMPI's
// MPI_Rget_accumulate never set its request. The driver links
// this object into simulated MPI programs (-Wl,-u,hcc_sim_mpi_accumulate).
#include <smpi/smpi.h>

#include "sim_mpi.hpp"
#include "sim_mpi_requests.hpp"
#include "sim_mpi_types.hpp"

extern "C" {
extern const int hcc_sim_mpi_accumulate = 1;
}

using hcc::rt::accumulated_type;

extern "C" {

int MPI_Accumulate(const void* origin, int origin_count, MPI_Datatype origin_type, int target_rank,
                   MPI_Aint target_disp, int target_count, MPI_Datatype target_type, MPI_Op op, MPI_Win win) {
  HCC_MPI_COMM_ENTRY("MPI_Accumulate", win,
                     PMPI_Accumulate(origin, origin_count, accumulated_type(origin_type, origin_count), target_rank,
                                     target_disp, target_count, accumulated_type(target_type, target_count), op,
                                     win));
}

int MPI_Get_accumulate(const void* origin, int origin_count, MPI_Datatype origin_type, void* result,
                       int result_count, MPI_Datatype result_type, int target_rank, MPI_Aint target_disp,
                       int target_count, MPI_Datatype target_type, MPI_Op op, MPI_Win win) {
  HCC_MPI_COMM_ENTRY("MPI_Get_accumulate", win,
                     PMPI_Get_accumulate(origin, origin_count, accumulated_type(origin_type, origin_count), result,
                                         result_count, accumulated_type(result_type, result_count), target_rank,
                                         target_disp, target_count, accumulated_type(target_type, target_count),
                                         op, win));
}

int MPI_Raccumulate(const void* origin, int origin_count, MPI_Datatype origin_type, int target_rank,
                    MPI_Aint target_disp, int target_count, MPI_Datatype target_type, MPI_Op op, MPI_Win win,
                    MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Raccumulate", win,
                     PMPI_Raccumulate(origin, origin_count, accumulated_type(origin_type, origin_count), target_rank,
                                      target_disp, target_count, accumulated_type(target_type, target_count), op,
                                      win, request));
}

int MPI_Rget_accumulate(const void* origin, int origin_count, MPI_Datatype origin_type, void* result,
                        int result_count, MPI_Datatype result_type, int target_rank, MPI_Aint target_disp,
                        int target_count, MPI_Datatype target_type, MPI_Op op, MPI_Win win, MPI_Request* request) {
  HCC_MPI_COMM_ENTRY("MPI_Rget_accumulate", win, [&] {
    const int rc =
        PMPI_Rget_accumulate(origin, origin_count, accumulated_type(origin_type, origin_count), result, result_count,
                             accumulated_type(result_type, result_count), target_rank, target_disp, target_count,
                             accumulated_type(target_type, target_count), op, win, request);
    // SMPI completes the access in the call and never sets the request
    // (MPI_Wait then read whatever the program's variable held, and
    // crashed): one that is done at its first wait or test.
    if (rc == MPI_SUCCESS) *request = hcc::rt::start_exchange({});
    return rc;
  }());
}

}  // extern "C"
