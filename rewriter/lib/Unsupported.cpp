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
    if (isa<OMPCancelDirective>(d) || isa<OMPCancellationPointDirective>(d))
      return report(d->getBeginLoc(), "'cancel' and 'cancellation point' are not implemented; let the tasks test a shared "
                                      "flag and return early");
    if (isOpenMPTargetExecutionDirective(kind) || isOpenMPTargetDataManagementDirective(kind) ||
        isOpenMPTeamsDirective(kind))
      return report(d->getBeginLoc(), "offloading and 'teams' constructs are not implemented; give GPU kernels to "
                                      "tasks with '#pragma hcc task impl(cuda: fn)'");
    for (const OMPClause *c : d->clauses()) {
      if (auto *dep = dyn_cast<OMPDependClause>(c)) {
        const OpenMPDependClauseKind k = dep->getDependencyKind();
        if (k == OMPC_DEPEND_source || k == OMPC_DEPEND_sink)
          return report(c->getBeginLoc(), "doacross loops ('ordered depend(source/sink)') are not implemented; "
                                          "express the wavefront with task dependences");
        if (k == OMPC_DEPEND_outallmemory || k == OMPC_DEPEND_inoutallmemory)
          return report(c->getBeginLoc(), "'omp_all_memory' dependences are not implemented; list the data the "
                                          "task accesses");
      }
      if (isa<OMPDoacrossClause>(c))
        return report(c->getBeginLoc(), "doacross loops are not implemented; express the wavefront with task "
                                        "dependences");
      if (auto *red = dyn_cast<OMPReductionClause>(c); red && red->getModifier() == OMPC_REDUCTION_task)
        return report(c->getBeginLoc(), "'reduction(task, ...)' is not implemented; use 'task_reduction' on a "
                                        "taskgroup and 'in_reduction' on its tasks");
    }
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
