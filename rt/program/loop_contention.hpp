// Worksharing loops whose threads share the machine: a simulation runs one
// actor at a time, so a team thread's chunk that it runs and times had the
// memory bandwidth and the shared caches to itself, where natively the
// team's threads share them. STREAM's four loops over 4 M doubles a thread
// on the 2-core VM: 62 GB/s natively, 96 simulated from such bursts. An
// instrumented run timed the same chunks side by side (the kernels
// loop:<file>:<line>), so a simulation scales a loop's chunk bursts by how
// much longer the instrumented run's chunks took than its own at the
// footprints both ran: the loop's contention, the sum of the models' means
// at those chunks' footprints over the sum of their bursts here, kept per
// loop as the simulation goes (a chunk at a footprint the instrumented run
// did not measure gets the loop's contention so far). A compute-bound
// loop's is about 1. Short bursts are not scaled: they are charged from the
// native run's own measurements already (burst_models.hpp).
#pragma once

namespace hcc::rt {

struct LoopContention {
  double modelled = 0;  // seconds: the instrumented run's means at the chunks' footprints
  double measured = 0;  // seconds: the same chunks' bursts in this simulation
  double factor() const { return measured > 0 && modelled > 0 ? modelled / measured : 1; }
};

// The calling thread runs a chunk of a loop whose contention is kept
// (model: the instrumented run's mean at the chunk's footprint, < 0 where
// it measured none), until contended_chunk_ends. Simulations only.
void contended_chunk_begins(LoopContention* contention, double model);
void contended_chunk_ends();

}  // namespace hcc::rt
