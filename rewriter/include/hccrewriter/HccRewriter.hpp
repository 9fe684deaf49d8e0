// hccsim rewriter: tells hccsim's OpenMP runtime what only the compiler knows
// of each task of a C or C++ translation unit (hcc_omp_next_task, in
// rt/include/hcc/hcc.h). Depends on Clang LibTooling only.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTConsumer;
class CompilerInstance;
class FrontendAction;
}  // namespace clang

namespace hcc::rewriter {

struct RewriteOptions {
  // Report each annotated task as a remark ("hccsim: task ...") at its
  // location (the plugin turns this on for -Rhcc).
  bool remarks = false;
  // Give each rank of a simulated MPI program its own copy of every global
  // and static variable (Privatize.cpp).
  bool privatize = false;
  // A simulated build: remarks also list the allocations a simulation folds
  // by their size (FoldedAllocations.cpp).
  bool simulate = false;
  // An instrumented or simulated build: loops become kernels (LoopNests.cpp).
  bool loopNests = false;
  // An instrumented or simulated build: atomics name the cache lines they
  // update (SharedAtomics.cpp).
  bool sharedLines = false;
};

// An AST consumer that runs every rewriter pass over the translation unit it
// is given and, when no error was diagnosed, stores the rewritten main file in
// `out`. Errors are reported through the compiler
// instance's DiagnosticsEngine (file:line:col, "hccsim: ..." messages).
std::unique_ptr<clang::ASTConsumer> createRewriteConsumer(clang::CompilerInstance &ci, std::string &out,
                                                          RewriteOptions options = {});

// A frontend action wrapping createRewriteConsumer (for ClangTool / runToolOnCode).
std::unique_ptr<clang::FrontendAction> createRewriteAction(std::string &out, RewriteOptions options = {});

// The arguments the rewriter needs on top of the user's (-fopenmp so that
// clang builds OpenMP directive nodes, and clang's resource directory).
std::vector<std::string> requiredClangArgs();

}  // namespace hcc::rewriter
