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
#include <optional>
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
    // One that only reads into a variable the loop around it tests (`while
    // (!f) { #pragma omp atomic read ... f = flag; }`) polls.
    const bool load = d->getV() && !d->getExpr() && !d->getUpdateExpr() && !d->getCondExpr();
    const Read read = !load ? Read::kUpdate : loopWaitsOn(d, d->getV()) ? Read::kPoll : Read::kLoad;
    if (read == Read::kPoll) polls(x);
    const std::string mark = d->getV() ? readAt(d->getBeginLoc(), "&(" + pc_.exprText(x) + ")", read)
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
      else if (method && object && stdAtomic(method->getParent()) && method->getName() == "store")
        stores_.push_back({call, object, isArrow(member)});
      return true;
    }
    if (auto *op = dyn_cast<CXXOperatorCallExpr>(call)) {
      const auto *method = dyn_cast_or_null<CXXMethodDecl>(op->getDirectCallee());
      if (method && stdAtomic(method->getParent()) && op->getNumArgs() > 0)
        op->getOperator() == OO_Equal ? stores_.push_back({call, op->getArg(0), false}) : wrap(call, op->getArg(0), false);
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

  // A store to an object that a loop polls (`release = 1;`, a C11 or
  // builtin atomic whose result is dropped, a std::atomic's `store` or
  // `=`) updates its line, so that the polling thread finds the value no
  // earlier than it was written in simulated time (markPolledStores, once
  // the polls are known). Not others: a benchmark's volatile sink is no flag.
  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->isAssignmentOp() && sharedVolatile(op->getLHS()->IgnoreParens()))
      stores_.push_back({op, op->getLHS()->IgnoreParens(), false});
    return true;
  }

  // The stores to polled objects, once the traversal found the polls.
  void markPolledStores() {
    for (const Store &store : stores_) {
      if (!polled_.count(polledObject(store.place))) continue;
      if (auto at = site(store.e, store.place))
        surround(*at, "hcc_shared_line(" + addressOf(store.place, store.pointer) + ")");
    }
  }

  // A loop that waits for a flag another thread sets through a volatile
  // object (`while (release == 0);`, libomp's own sections test): its reads
  // in the loop's condition are polls, so that the waiting thread lets the
  // others run; without an entry into the runtime it ran alone forever
  // (FlagReads.hpp).
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

  // The variable or member a place or an address is (an array's element:
  // the array's; what a pointer points to: the pointer's).
  static const ValueDecl *polledObject(const Expr *place) {
    for (;;) {
      place = place->IgnoreParenImpCasts();
      if (auto *ref = dyn_cast<DeclRefExpr>(place)) return ref->getDecl();
      if (auto *member = dyn_cast<MemberExpr>(place)) return member->getMemberDecl();
      if (auto *element = dyn_cast<ArraySubscriptExpr>(place)) {
        place = element->getBase();
        continue;
      }
      auto *unary = dyn_cast<UnaryOperator>(place);
      if (!unary || (unary->getOpcode() != UO_AddrOf && unary->getOpcode() != UO_Deref)) return nullptr;
      place = unary->getSubExpr();
    }
  }

  void polls(const Expr *place) {
    if (const ValueDecl *object = polledObject(place)) polled_.insert(object);
  }

  // pointer: place is the address of the atomic variable (a builtin's
  // argument, an arrow's object), else the object, whose address is taken.
  std::string addressOf(const Expr *place, bool pointer) const {
    return pointer ? "(" + pc_.exprText(place) + ")" : "&(" + pc_.exprText(place) + ")";
  }

  // How an atomic reads: as a read-modify-write (hcc_shared_line_read), a
  // load (hcc_shared_line_load), or a load that a loop waits on
  // (hcc_shared_line_poll: a simulation has it find the value no earlier
  // than it was written).
  enum class Read { kUpdate, kLoad, kPoll };

  // The call that marks an atomic read at loc of what address points to.
  std::string readAt(SourceLocation loc, const std::string &address, Read read) const {
    const char *call = read == Read::kUpdate ? "hcc_shared_line_read("
                       : read == Read::kLoad ? "hcc_shared_line_load("
                                             : "hcc_shared_line_poll(";
    return call + address + ", \"" + pc_.baseName + ":" + std::to_string(pc_.line(loc)) + "\")";
  }

  // The loop whose condition e is in, if it is.
  bool inLoopCondition(const Expr *e) const {
    const Stmt *child = e;
    for (;;) {
      auto parents = pc_.ctx.getParents(*child);
      const Stmt *parent = parents.empty() ? nullptr : parents[0].get<Stmt>();
      if (!parent) return false;
      if (isa<WhileStmt, DoStmt, ForStmt>(parent)) return loopCondition(parent) == child;
      if (!isa<Expr>(parent)) return false;
      child = parent;
    }
  }

  // Whether the innermost loop around s (through blocks and branches)
  // tests, in its condition, the variable that v names.
  bool loopWaitsOn(const Stmt *s, const Expr *v) const {
    auto *ref = v ? dyn_cast<DeclRefExpr>(v->IgnoreParenImpCasts()) : nullptr;
    if (!ref) return false;
    const Stmt *child = s;
    for (;;) {
      auto parents = pc_.ctx.getParents(*child);
      const Stmt *parent = parents.empty() ? nullptr : parents[0].get<Stmt>();
      if (!parent) return false;
      if (isa<CompoundStmt, IfStmt, AttributedStmt, LabelStmt>(parent)) {
        child = parent;
        continue;
      }
      if (!isa<WhileStmt, DoStmt, ForStmt>(parent)) return false;
      const Expr *cond = loopCondition(parent);
      bool tests = false;
      forEach(cond, [&](const Stmt *x) {
        if (auto *r = dyn_cast<DeclRefExpr>(x); r && r->getDecl() == ref->getDecl()) tests = true;
      });
      return tests;
    }
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

  // Where a call marking e's access to place can stand before e: e's
  // extent in the main file, once (an atomic inside a macro's expansion is
  // seen at each of its tokens), where place can be evaluated once more (no
  // side effects) and is not written by a macro: its names may be the
  // macro's own (`({ long *_p = (p); __sync_fetch_and_add(_p, 1); })`), out
  // of scope where the call stands; a macro's argument (C11's
  // `atomic_fetch_add(&next, 1)`) is not.
  std::optional<SourceRange> site(const Expr *e, const Expr *place) {
    const SourceManager &sm = pc_.sm;
    const SourceLocation begin = sm.getExpansionLoc(e->getBeginLoc());
    const SourceLocation end = sm.getExpansionRange(e->getEndLoc()).getEnd();
    if (!pc_.inMainFile(begin) || place->HasSideEffects(pc_.ctx)) return std::nullopt;
    if (place->getBeginLoc().isMacroID() && !sm.isMacroArgExpansion(place->getBeginLoc())) return std::nullopt;
    if (!wrapped_.insert(begin.getRawEncoding()).second) return std::nullopt;
    return SourceRange(begin, end);
  }

  // `(call, e)` for e at range.
  void surround(SourceRange range, const std::string &call) {
    pc_.rewriter.InsertTextBefore(range.getBegin(), "(" + call + ", ");
    pc_.rewriter.InsertTextAfterToken(range.getEnd(), ")");
  }

  // pointer: as addressOf's. An atomic whose result is dropped may be a
  // store to a polled object (markPolledStores).
  void wrap(const Expr *e, const Expr *place, bool pointer, bool load = false) {
    const Read read = !load ? Read::kUpdate : inLoopCondition(e) ? Read::kPoll : Read::kLoad;
    if (read == Read::kPoll) polls(place);
    if (!used(e)) {
      if (!load) stores_.push_back({e, place, pointer});
      return;
    }
    const std::optional<SourceRange> at = site(e, place);
    if (!at) return;
    const SourceLocation begin = at->getBegin();
    surround(*at, readAt(begin, addressOf(place, pointer), read));
    pc_.remark(begin, std::string("atomic read of ") + (pointer ? "what '" : "'") + pc_.exprText(place) +
                          (pointer ? "' points to" : "'") +
                          ": an entry into the runtime, so that simulated threads read it in the order of simulated "
                          "time");
  }

  std::set<unsigned> wrapped_;
  struct Store {
    const Expr *e, *place;  // the store, and what it stores to (an address if pointer)
    bool pointer;
  };
  std::vector<Store> stores_;           // to shared volatile and atomic objects
  std::set<const ValueDecl *> polled_;  // objects that a loop polls

  PassContext &pc_;
};

}  // namespace

void markSharedAtomics(PassContext &pc, TranslationUnitDecl *tu) {
  SharedAtomicsVisitor visitor(pc);
  visitor.TraverseDecl(tu);
  visitor.markPolledStores();
}

}  // namespace hcc::rewriter
