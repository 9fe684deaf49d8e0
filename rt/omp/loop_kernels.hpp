// Worksharing loops as kernels (seeds 001 and 003's models, for code that is
// not written as tasks): each team thread's chunk of an `omp for` is a run
// of kernel "loop:<file>:<line>" with parameter `work` (its iterations times
// the iterations of the loops inside one, which the compiler counts where
// their bounds do not change in the loop: hcc_loop_work, called before the
// directive), else `iterations`. Instrumented
// runs record every chunk (records CSV, model files), which hcc-calibrate
// fits like a task kernel; a simulation with HCC_SIM_LOOPS=model skips the
// chunks of every loop that has a model and charges the model instead,
// which is what makes it cheaper than the run it predicts. Without a model,
// or by default, a chunk runs and its CPU burst is charged (bursts.hpp).
#pragma once

#include <cstdint>

#include "omp_state.hpp"

namespace hcc::omp {

// The calling thread's chunk of the loop at loc starts: returns false when a
// simulation charged its model instead and the chunk must not run.
bool chunk_begins(State& s, const ident_t* loc, uint64_t iterations);
// The calling thread starts a worksharing loop (its first chunk follows):
// takes the work per iteration the compiler counted for it.
void loop_begins(State& s);
// The chunk the calling thread ran ends (its loop's end, or its next chunk).
void chunk_ends(State& s);

}  // namespace hcc::omp
