// Worksharing loops whose threads share the machine: a simulation runs one
// actor at a time, so a team thread's chunk that it runs and times had the
// memory bandwidth and the shared caches to itself, where natively the
// team's threads share them. STREAM's four loops over 4 M doubles a thread
// on the 2-core VM: 62 GB/s natively, 96 simulated from such bursts. An
// instrumented run timed the same chunks side by side (the kernels
// loop:<file>:<line>), so a simulation scales a loop's chunk bursts by how
// much longer the instrumented run's chunks took than its own at the
// footprints both ran: the loop's contention, kept per loop as the
// simulation goes (a chunk at a footprint the instrumented run did not
// measure gets the loop's contention so far). A compute-bound loop's is
// about 1. Short bursts are not scaled: they are charged from the native
// run's own measurements already (burst_models.hpp).
//
// The contention compares a typical chunk at each footprint on both sides:
// the sum of the instrumented runs' over the sum of this simulation's, at
// the footprints both ran. Chunks over three times the median (outliers_of)
// are a loop's first runs, whose chunks fault the loop's fresh pages in, or
// interrupted ones: a chunk here that takes more than three times the
// instrumented runs' typical one (scaled by the contention so far) is
// charged as measured and left out, and the instrumented side's typical
// chunk is its mean less the outliers among its samples. Plain means mixed
// a loop's first runs with its later ones: a CSR product's later chunks
// were charged 0.6 of what they took here alone where natively they took
// 1.3 times as long. The contention may be under 1: a Jacobi sweep's
// chunks took 0.72-0.86 ms here, where the instrumented run's typical one
// took 0.56 side by side (the other team thread's sweep, run on this same
// core just before, had taken the caches). Interleaved medians of five on
// the 2-core VM, native against simulated with these contentions and with
// the means': the CSR product 0.0068 s against 0.0049 and 0.0032, Jacobi
// 0.444 against 0.372 and 0.301, a rank's sweeps (examples/mpi-halo) and
// STREAM unchanged within 1.5 %.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

namespace hcc::rt {

// What the instrumented runs measured of a loop's chunk: its footprint (the
// models' key), the mean and the typical run there (the mean of the runs
// less the outliers among its samples), < 0 for none.
struct MeasuredChunk {
  uint64_t footprint = 0;
  double mean = -1, typical = -1;
};

// A chunk over this many times the lower median of its footprint's is a
// first run or an interrupted one (outliers.hpp).
constexpr double kOutlier = 3;

// A chunk in progress, as its thread keeps it.
struct ChunkState {
  bool holds = false;    // the chunk is its footprint's first: its bursts so far count
  bool outlier = false;  // the chunk is a first run (or interrupted): charged as measured, not counted
  double seconds = 0;    // its long bursts so far, as measured
};

class LoopContention {
 public:
  // A long burst of a chunk at `chunk` (state: the chunk's, kept by its
  // thread): counted, and returned scaled. The first chunk at a footprint
  // holds the footprint's entry until it ends: its own bursts are then
  // scaled by what it took, as a loop that runs once needs.
  double scaled(const MeasuredChunk& chunk, ChunkState& state, double seconds);
  // The chunk ended.
  void chunk_ended(const MeasuredChunk& chunk, const ChunkState& state);
  // The typical chunk the instrumented runs measured at footprint, once a
  // chunk there counted (< 0 before): the models need not be asked again.
  double modelled_at(uint64_t footprint) const;
  bool measured_any() const { return measured_ > 0; }
  double factor() const { return measured_ > 0 ? modelled_ / measured_ : 1; }

 private:
  struct Footprint {
    double modelled = 0;  // the instrumented runs' typical chunk
    double sum = 0;       // this simulation's chunks that ended, outliers left out
    uint64_t ended = 0;   // and how many
    double running = 0;   // the long bursts so far of the chunk that holds the entry
    bool held = false;
  };
  // f's share of the sums, taken out (sign -1) or put in (+1).
  void count(const Footprint& f, int sign);
  std::map<uint64_t, Footprint> by_footprint_;
  double modelled_ = 0, measured_ = 0;  // sums over the footprints of their typical chunks
};

// The calling thread runs a chunk of a loop whose contention is kept until
// contended_chunk_ends. Simulations only.
void contended_chunk_begins(LoopContention* contention, const MeasuredChunk& chunk);
void contended_chunk_ends();

}  // namespace hcc::rt
