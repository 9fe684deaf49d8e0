// A task's work as the compiler counts it where the task is created
// (TaskWork.cpp). Internal to the rewriter library.
#pragma once

#include <string>

#include "clang/AST/StmtOpenMP.h"
#include "hccrewriter/Passes.hpp"

namespace hcc::rewriter {

// The C expression, evaluated where task d is created, of the iterations
// its body's loops run (their trip counts, times those of the loops inside
// them, summed; a called function's loops with its parameters' arguments),
// or "" when the body has no loop or one the compiler cannot count there.
std::string taskWork(PassContext &pc, const clang::OMPTaskDirective *d);

}  // namespace hcc::rewriter
