// Each rank's copies of the program's privatised variables (hcc.h:
// hcc_private_var; the compiler side is rewriter/lib/Privatize.cpp).
#pragma once

#include "ranks.hpp"

namespace hcc::rt {

// Makes the rank's copies of every variable registered so far, in
// registration order (C++ initialisers run in declaration order within a
// translation unit). A simulation calls it when a rank starts; hcc_private
// makes the copies of a rank that has none yet, and of variables registered
// later (a library loaded at run time).
void make_privates(Rank& rank);
// Destroys the rank's copies, last made first.
void release_privates(Rank& rank);

}  // namespace hcc::rt
