// Pass: does the program keep data per thread?
//
// A simulation runs its actors (a rank's main, team threads, workers) on
// one system thread unless told otherwise, so `thread_local`, `_Thread_local`,
// `__thread` and `#pragma omp threadprivate` variables would be shared by
// every simulated thread. A file that defines or uses one says so to the
// runtime (a weak definition of hcc_program_thread_locals), which then gives
// each actor a system thread of its own (rt/backend/sim/sim_platform.cpp):
// each has its copies, initialised as natively, C++ dynamic initialisers
// included.
#include "clang/AST/RecursiveASTVisitor.h"
#include "hccrewriter/Passes.hpp"

using namespace clang;

namespace hcc::rewriter {

namespace {

bool perThread(const VarDecl *v) {
  return v->getTLSKind() != VarDecl::TLS_None || v->hasAttr<OMPThreadPrivateDeclAttr>();
}

class Finder : public RecursiveASTVisitor<Finder> {
 public:
  explicit Finder(PassContext &pc) : pc_(pc) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitVarDecl(VarDecl *v) {
    if (perThread(v) && pc_.inMainFile(v->getLocation())) found = true;
    return !found;
  }
  bool VisitDeclRefExpr(DeclRefExpr *e) {
    if (auto *v = dyn_cast<VarDecl>(e->getDecl()); v && perThread(v) && pc_.inMainFile(e->getBeginLoc()))
      found = true;
    return !found;
  }
  bool VisitOMPThreadPrivateDecl(OMPThreadPrivateDecl *d) {
    if (pc_.inMainFile(d->getLocation())) found = true;
    return !found;
  }

  bool found = false;

 private:
  PassContext &pc_;
};

}  // namespace

void markThreadLocals(PassContext &pc, TranslationUnitDecl *tu) {
  Finder finder(pc);
  finder.TraverseDecl(tu);
  if (!finder.found) return;
  pc.remark(pc.sm.getLocForStartOfFile(pc.sm.getMainFileID()),
            "this file keeps data per thread: a simulation runs each simulated thread on a system thread");
  pc.rewriter.InsertTextAfter(pc.sm.getLocForEndOfFile(pc.sm.getMainFileID()),
                              "\n__attribute__((weak)) int hcc_program_thread_locals = 1;\n");
}

}  // namespace hcc::rewriter
