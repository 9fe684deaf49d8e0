// Threads a simulated program starts itself (sim_threads.cpp).
#pragma once

namespace hcc::rt {

// Whether the program started a thread of its own, which runs beside the
// simulation: it cannot wake a simulated thread (an omp_fulfill_event, a
// flag it sets), so a simulation stopped by a deadlock says it may be why.
bool program_started_threads();
inline constexpr const char* kProgramThreadsNote =
    ", or for a thread the program started itself (pthread_create, std::thread), which runs beside the simulation "
    "and cannot wake a simulated one: give its work to OpenMP";

}  // namespace hcc::rt
