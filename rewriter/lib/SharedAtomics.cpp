// Pass (instrumented and simulated builds): `hcc_shared_line(&x)` before
// each `#pragma omp atomic` of the main file that updates, reads or writes
// x. Natively, an atomic on a line another core updated since moves the
// line between the two caches (a counter that every task of a Fibonacci
// increments made its native run on 2 cores 28 % longer); a simulation
// runs one actor at a time and would measure every such atomic on a line
// already in its cache. The runtime charges the move instead, and an
// instrumented run finds which of its sampled bursts moved one
// (rt/program/shared_lines.cpp). An atomic that reads x (capture, read) is
// `hcc_shared_line_read`, an entry into the runtime, and so are a loop
// condition's reads of a volatile object that is no local variable (a loop
// waiting for another thread's flag).
#include <set>
#include <string>
#include <vector>

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "FlagReads.hpp"
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
    // One that only reads (`atomic read`) leaves the line with the cores
    // that hold it.
    const bool load = d->getV() && !d->getExpr() && !d->getUpdateExpr() && !d->getCondExpr();
    const std::string mark = d->getV() ? readAt(d->getBeginLoc(), "&(" + pc_.exprText(x) + ")", load)
                                       : "hcc_shared_line(&(" + pc_.exprText(x) + "))";
    pc_.rewriter.InsertTextBefore(whole.getBegin(), "{ " + mark + ";\n" + pc_.lineMarker(pc_.line(whole.getBegin())));
    pc_.rewriter.InsertTextAfterToken(whole.getEnd(), "\n}\n" + pc_.lineMarker(pc_.line(whole.getEnd())));
    pc_.remark(d->getBeginLoc(), "atomic on '" + pc_.exprText(x) + "': a simulation charges its cache line's moves "
                                 "between cores (hcc.line_transfer)");
    return true;
  }

  // The same for the atomics written without OpenMP whose result the
  // program uses (`i = __sync_fetch_and_add(&next, 1)`, C11's
  // `atomic_fetch_add(&next, 1)`, `__atomic_load_n(&flag, ...)`, a
  // std::atomic's `next++`, `next.fetch_add(1)`, `flag.load()`): the
  // expression becomes `(hcc_shared_line_read(p, "file:line"), expression)`.
  bool VisitCallExpr(CallExpr *call) {
    if (auto *member = dyn_cast<CXXMemberCallExpr>(call)) {
      const auto *method = member->getMethodDecl();
      const Expr *object = member->getImplicitObjectArgument();
      if (method && object && stdAtomic(method->getParent()) &&
          (isa<CXXConversionDecl>(method) || kMembers.count(method->getName().str())))
        wrap(call, object, isArrow(member), isa<CXXConversionDecl>(method) || method->getName() == "load");
      return true;
    }
    if (auto *op = dyn_cast<CXXOperatorCallExpr>(call)) {
      const auto *method = dyn_cast_or_null<CXXMethodDecl>(op->getDirectCallee());
      if (method && stdAtomic(method->getParent()) && op->getNumArgs() > 0 && op->getOperator() != OO_Equal)
        wrap(call, op->getArg(0), false);
      return true;
    }
    const FunctionDecl *callee = call->getDirectCallee();
    if (callee && call->getBuiltinCallee() && callee->getName().starts_with("__sync_") && call->getNumArgs() > 0 &&
        !callee->getName().starts_with("__sync_synchronize") && !callee->getName().starts_with("__sync_lock_release"))
      wrap(call, call->getArg(0), true);
    return true;
  }
  bool VisitAtomicExpr(AtomicExpr *e) {
    const AtomicExpr::AtomicOp op = e->getOp();
    const bool load = op == AtomicExpr::AO__c11_atomic_load || op == AtomicExpr::AO__atomic_load_n ||
                      op == AtomicExpr::AO__atomic_load;
    if (op != AtomicExpr::AO__c11_atomic_init) wrap(e, e->getPtr(), true, load);
    return true;
  }

  // A loop that waits for a flag another thread sets through a volatile
  // object (`while (release == 0);`, libomp's own sections test): its reads
  // in the loop's condition are atomic reads, so that the waiting thread
  // lets the others run; without an entry into the runtime it ran alone
  // forever (FlagReads.hpp).
  bool VisitWhileStmt(WhileStmt *s) { return markVolatileReads(s->getCond()); }
  bool VisitDoStmt(DoStmt *s) { return markVolatileReads(s->getCond()); }
  bool VisitForStmt(ForStmt *s) { return markVolatileReads(s->getCond()); }

 private:
  static inline const std::set<std::string> kMembers = {
      "load",          "exchange",  "fetch_add", "fetch_sub",           "fetch_and",
      "fetch_or",      "fetch_xor", "fetch_max", "compare_exchange_weak", "compare_exchange_strong",
      "fetch_min"};

  static bool stdAtomic(const CXXRecordDecl *r) {
    if (!r || !r->isInStdNamespace()) return false;
    const std::string name = r->getName().str();
    return name == "atomic" || name == "atomic_ref" || name.rfind("__atomic", 0) == 0;
  }
  static bool isArrow(const CXXMemberCallExpr *m) {
    const auto *callee = dyn_cast<MemberExpr>(m->getCallee()->IgnoreParens());
    return callee && callee->isArrow();
  }

  bool markVolatileReads(const Expr *cond) {
    for (const Expr *place : volatileFlagReads(cond)) wrap(place, place, false, true);
    return true;
  }

  // The call that marks an atomic read at loc of what address points to.
  // load: it only reads (hcc_shared_line_load), not a read-modify-write.
  std::string readAt(SourceLocation loc, const std::string &address, bool load) const {
    return std::string(load ? "hcc_shared_line_load(" : "hcc_shared_line_read(") + address + ", \"" + pc_.baseName +
           ":" + std::to_string(pc_.line(loc)) + "\")";
  }

  // Whether the program uses e's value: not a statement of its own, nor
  // cast to void, nor a for's increment.
  bool used(const Expr *e) const {
    const Stmt *child = e;
    for (;;) {
      auto parents = pc_.ctx.getParents(*child);
      if (parents.empty()) return false;
      const Stmt *parent = parents[0].get<Stmt>();
      if (!parent) return true;  // an initialiser
      if (isa<ImplicitCastExpr, ParenExpr, ExprWithCleanups, MaterializeTemporaryExpr, CXXBindTemporaryExpr>(parent)) {
        child = parent;
        continue;
      }
      if (isa<CompoundStmt>(parent)) return false;
      if (auto *cast = dyn_cast<CStyleCastExpr>(parent)) return !cast->getType()->isVoidType();
      if (auto *f = dyn_cast<ForStmt>(parent)) return f->getInc() != child;
      if (isa<IfStmt, WhileStmt, DoStmt, SwitchStmt>(parent)) return true;
      return !isa<Stmt>(parent) || isa<Expr, DeclStmt, ReturnStmt>(parent);
    }
  }

  // pointer: the address of the atomic variable (a builtin's argument, an
  // arrow's object), else the object, whose address is taken.
  void wrap(const Expr *e, const Expr *place, bool pointer, bool load = false) {
    const SourceManager &sm = pc_.sm;
    const SourceLocation begin = sm.getExpansionLoc(e->getBeginLoc());
    const SourceLocation end = sm.getExpansionRange(e->getEndLoc()).getEnd();
    if (!pc_.inMainFile(begin) || !used(e) || place->HasSideEffects(pc_.ctx)) return;
    // Written by a macro: its names may be the macro's own (`({ long *_p =
    // (p); __sync_fetch_and_add(_p, 1); })`), out of scope where the call
    // stands; a macro's argument (C11's `atomic_fetch_add(&next, 1)`) is not.
    if (place->getBeginLoc().isMacroID() && !sm.isMacroArgExpansion(place->getBeginLoc())) return;
    if (!wrapped_.insert(begin.getRawEncoding()).second) return;  // an atomic inside a macro's expansion, once
    const std::string address = pointer ? "(" + pc_.exprText(place) + ")" : "&(" + pc_.exprText(place) + ")";
    pc_.rewriter.InsertTextBefore(begin, "(" + readAt(begin, address, load) + ", ");
    pc_.rewriter.InsertTextAfterToken(end, ")");
    pc_.remark(begin, std::string("atomic read of ") + (pointer ? "what '" : "'") + pc_.exprText(place) +
                          (pointer ? "' points to" : "'") +
                          ": an entry into the runtime, so that simulated threads read it in the order of simulated "
                          "time");
  }

  std::set<unsigned> wrapped_;

  PassContext &pc_;
};

}  // namespace

void markSharedAtomics(PassContext &pc, TranslationUnitDecl *tu) { SharedAtomicsVisitor(pc).TraverseDecl(tu); }

}  // namespace hcc::rewriter
