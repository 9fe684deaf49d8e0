// Each rank's copies of the program's privatised variables (hcc.h:
// hcc_private_var, hcc_private_shift; the compiler side is
// rewriter/lib/Privatize.cpp).
#pragma once

#include "ranks.hpp"

namespace hcc::rt {

// Makes the rank's image of the privatised variables: the originals' bytes,
// then the C++ dynamic initialisers in registration order. A simulation
// with MPI calls it when a rank starts; without it (natively, one rank
// without MPI), the program uses the originals.
void make_privates(Rank& rank);
// Destroys the rank's copies, last made first, and unmaps its image.
void release_privates(Rank& rank);

// Set by a simulation of several ranks: whenever an actor resumes the
// program's code (ProgramCall, the end of a RuntimeEntry: bursts.hpp), the
// shift becomes its rank's.
extern bool g_switch_rank_images;
void resume_rank_image();
// Back to the originals (the process outside the ranks).
void leave_rank_images();

// The warnings of translation units that could not privatise a variable
// and did not say so when compiled (they include no mpi.h: section
// hcc_unprivatised), printed once when a simulation of several ranks
// starts.
void warn_unprivatised();

}  // namespace hcc::rt
