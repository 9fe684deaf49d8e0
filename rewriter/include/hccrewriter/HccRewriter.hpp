// hccsim rewriter: lowers OpenMP tasks in a C translation unit to the hccsim
// C ABI (rt/include/hcc/hcc.h). Depends on Clang LibTooling only.
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
  // Report each lowered construct as a remark ("hccsim: lowered ...") at its
  // location (the plugin turns this on for -Rhcc).
  bool remarks = false;
  // Leave OpenMP to clang's code generation and libhccomp: only tell the
  // runtime what each task is (annotateTasks), lowering nothing.
  bool ompAbi = false;
};

// An AST consumer that runs every rewriter pass over the main file of the
// translation unit it is given and, when no error was diagnosed, stores the
// rewritten main file in `out`. Errors are reported through the compiler
// instance's DiagnosticsEngine (file:line:col, "hccsim: ..." messages).
std::unique_ptr<clang::ASTConsumer> createRewriteConsumer(clang::CompilerInstance &ci, std::string &out,
                                                          RewriteOptions options = {});

// A frontend action wrapping createRewriteConsumer (for ClangTool / runToolOnCode).
std::unique_ptr<clang::FrontendAction> createRewriteAction(std::string &out);

// The arguments the rewriter needs on top of the user's (-fopenmp so that
// clang builds OMPTaskDirective nodes, and clang's resource directory).
std::vector<std::string> requiredClangArgs();

}  // namespace hcc::rewriter
