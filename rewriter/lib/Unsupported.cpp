// Pass: the OpenMP constructs and clauses hccsim's OpenMP runtime does not
// implement get an error with a hint where they are written, rather than a
// link error about a missing __kmpc_ entry point or a silently different
// meaning. Walks every file of the translation unit but system headers.
#include "clang/AST/RecursiveASTVisitor.h"
#include "hccrewriter/Passes.hpp"

using namespace clang;

namespace hcc::rewriter {
namespace {

class UnsupportedVisitor : public RecursiveASTVisitor<UnsupportedVisitor> {
 public:
  explicit UnsupportedVisitor(PassContext &pc) : pc_(pc) {}

  bool VisitOMPExecutableDirective(OMPExecutableDirective *d) {
    if (pc_.sm.isInSystemHeader(pc_.sm.getExpansionLoc(d->getBeginLoc()))) return true;
    const llvm::omp::Directive kind = d->getDirectiveKind();
    if (isOpenMPTargetExecutionDirective(kind) || isOpenMPTargetDataManagementDirective(kind))
      return report(d->getBeginLoc(), "offloading constructs are not implemented; give GPU kernels to "
                                      "tasks with '#pragma hcc task impl(cuda: fn)'");
    return true;
  }

 private:
  bool report(SourceLocation loc, const std::string &msg) {
    pc_.error(loc, msg);
    return true;
  }
  PassContext &pc_;
};

}  // namespace

void diagnoseUnsupported(PassContext &pc, TranslationUnitDecl *tu) { UnsupportedVisitor(pc).TraverseDecl(tu); }

}  // namespace hcc::rewriter
