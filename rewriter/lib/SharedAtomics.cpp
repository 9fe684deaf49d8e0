// Pass (instrumented and simulated builds): `hcc_shared_line(&x)` before
// each `#pragma omp atomic` of the main file that updates, reads or writes
// x. Natively, an atomic on a line another core updated since moves the
// line between the two caches (a counter that every task of a Fibonacci
// increments made its native run on 2 cores 28 % longer); a simulation
// runs one actor at a time and would measure every such atomic on a line
// already in its cache. The runtime charges the move instead, and an
// instrumented run finds which of its sampled bursts moved one
// (rt/program/shared_lines.cpp). An atomic that reads x (capture, read) is
// `hcc_shared_line_read`, an entry into the runtime.
#include "clang/AST/RecursiveASTVisitor.h"
#include "hccrewriter/Passes.hpp"

using namespace clang;

namespace hcc::rewriter {
namespace {

class SharedAtomicsVisitor : public RecursiveASTVisitor<SharedAtomicsVisitor> {
 public:
  explicit SharedAtomicsVisitor(PassContext &pc) : pc_(pc) {}

  bool VisitOMPAtomicDirective(OMPAtomicDirective *d) {
    // A directive written by a macro (_Pragma) has no line of its own to
    // insert before; a bit-field has no address; an x with side effects
    // (a[i++]) must be evaluated once.
    const Expr *x = d->getX();
    if (!x || d->getBeginLoc().isMacroID() || !pc_.inMainFile(d->getBeginLoc()) || x->refersToBitField() ||
        x->HasSideEffects(pc_.ctx))
      return true;
    CharSourceRange whole = pc_.constructRange(d);
    if (whole.getEnd().isMacroID()) return true;
    // An atomic that reads x into the program (capture, read) lets the
    // other threads run first up to this one's time: what it reads decides
    // what the thread does next (a counter handing out work items, which
    // one simulated thread took all of, running alone between two entries
    // into the runtime).
    const std::string mark =
        d->getV() ? "hcc_shared_line_read(&(" + pc_.exprText(x) + "), \"" + pc_.baseName + ":" +
                        std::to_string(pc_.line(d->getBeginLoc())) + "\")"
                  : "hcc_shared_line(&(" + pc_.exprText(x) + "))";
    pc_.rewriter.InsertTextBefore(whole.getBegin(), "{ " + mark + ";\n" + pc_.lineMarker(pc_.line(whole.getBegin())));
    pc_.rewriter.InsertTextAfterToken(whole.getEnd(), "\n}\n" + pc_.lineMarker(pc_.line(whole.getEnd())));
    pc_.remark(d->getBeginLoc(), "atomic on '" + pc_.exprText(x) + "': a simulation charges its cache line's moves "
                                 "between cores (hcc.line_transfer)");
    return true;
  }

 private:
  PassContext &pc_;
};

}  // namespace

void markSharedAtomics(PassContext &pc, TranslationUnitDecl *tu) { SharedAtomicsVisitor(pc).TraverseDecl(tu); }

}  // namespace hcc::rewriter
