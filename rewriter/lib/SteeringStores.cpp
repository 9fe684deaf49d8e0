// Which stores steer control code (SteeringStores.hpp).
//
// A simulation runs the bodies of tasks that create or wait for tasks and
// simulates the others from their models. A body that builds the program's
// data structure (allocates a block and stores its address in a matrix of
// pointers that control code tests before creating the next tasks), or sets
// a count or flag that control code tests, must run too, or the simulated
// program is another program: fewer tasks, or a crash on a null pointer.
// StarPU asks its users to flag such codelets by hand
// (STARPU_CODELET_SIMGRID_EXECUTE); the compiler sees the stores.
#include "SteeringStores.hpp"

#include <map>

#include "StmtWalk.hpp"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hcc::rewriter {

namespace {

// What a condition reads, and what flows into it: `norm = sqrt(red); while
// (norm > tol)` is steered by red too, so a task that sums into red must
// run in a simulation or the loop ends after another count of iterations.
// Flows are taken from every assignment and initialisation of the file,
// in any order (one fixed point, not per program point), and from an `if`'s
// condition into what its branches assign.
// With loopsOnly, only the conditions of loops and of the `if`s that jump
// out of them.
class ConditionFinder : public RecursiveASTVisitor<ConditionFinder> {
 public:
  explicit ConditionFinder(bool loopsOnly) : loopsOnly_(loopsOnly) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitIfStmt(IfStmt *s) {
    // What a branch stores depends on the condition: `if (worst < tol) done
    // = 1;` before `while (!done)` is steered by worst.
    for (const Stmt *branch : {s->getThen(), s->getElse()})
      forEach(branch, [&](const Stmt *x) {
        const Expr *target = nullptr;
        if (auto *bo = dyn_cast<BinaryOperator>(x); bo && bo->isAssignmentOp()) target = bo->getLHS();
        else if (auto *uo = dyn_cast<UnaryOperator>(x); uo && uo->isIncrementDecrementOp()) target = uo->getSubExpr();
        if (const ValueDecl *to = target ? named(target) : nullptr) flow(to, s->getCond());
      });
    return loopsOnly_ && !jumpsOut(s) ? true : add(s->getCond());
  }
  bool VisitWhileStmt(WhileStmt *s) { return add(s->getCond()); }
  bool VisitDoStmt(DoStmt *s) { return add(s->getCond()); }
  bool VisitForStmt(ForStmt *s) { return add(s->getCond()); }
  bool VisitSwitchStmt(SwitchStmt *s) { return loopsOnly_ ? true : add(s->getCond()); }
  bool VisitConditionalOperator(ConditionalOperator *e) { return loopsOnly_ ? true : add(e->getCond()); }
  bool VisitBinaryOperator(BinaryOperator *e) {
    if (e->isAssignmentOp())
      if (const ValueDecl *to = named(e->getLHS())) flow(to, e->getRHS());
    return true;
  }
  bool VisitVarDecl(VarDecl *v) {
    if (v->hasInit()) flow(v->getCanonicalDecl(), v->getInit());
    return true;
  }
  // What a function returns flows into its calls (`red = sweep()`).
  bool VisitFunctionDecl(FunctionDecl *f) {
    if (f->hasBody())
      forEach(f->getBody(), [&](const Stmt *x) {
        if (auto *r = dyn_cast<ReturnStmt>(x); r && r->getRetValue()) flow(f->getCanonicalDecl(), r->getRetValue());
      });
    return true;
  }

  // The variables and members read by a condition or flowing into one.
  std::set<const ValueDecl *> steering() {
    std::vector<const ValueDecl *> todo(read_.begin(), read_.end());
    while (!todo.empty()) {
      const ValueDecl *d = todo.back();
      todo.pop_back();
      for (const ValueDecl *from : sources_[d])
        if (read_.insert(from).second) todo.push_back(from);
    }
    return std::move(read_);
  }

 private:
  // The variable, member or called function an expression names, else null.
  static const ValueDecl *named(const Expr *e) {
    e = e->IgnoreParenImpCasts();
    if (auto *ref = dyn_cast<DeclRefExpr>(e)) {
      if (auto *v = dyn_cast<VarDecl>(ref->getDecl())) return v->getCanonicalDecl();
      if (auto *f = dyn_cast<FunctionDecl>(ref->getDecl())) return f->getCanonicalDecl();
    }
    if (auto *m = dyn_cast<MemberExpr>(e))
      if (auto *f = dyn_cast<FieldDecl>(m->getMemberDecl())) return f->getCanonicalDecl();
    return nullptr;
  }
  template <typename Fn>
  static void eachNamed(const Stmt *s, Fn &&fn) {
    forEach(s, [&](const Stmt *x) {
      if (auto *e = dyn_cast<Expr>(x))
        if (const ValueDecl *d = named(e)) fn(d);
    });
  }
  bool add(const Stmt *cond) {
    eachNamed(cond, [&](const ValueDecl *d) { read_.insert(d); });
    return true;
  }
  void flow(const ValueDecl *to, const Expr *from) {
    eachNamed(from, [&](const ValueDecl *d) {
      if (d != to) sources_[to].insert(d);
    });
  }

  // A branch of s breaks, returns or jumps: `if (norm < tol) break;`.
  static bool jumpsOut(const IfStmt *s) {
    bool found = false;
    for (const Stmt *branch : {s->getThen(), s->getElse()})
      forEach(branch, [&](const Stmt *x) { found |= isa<BreakStmt, ReturnStmt, GotoStmt>(x); });
    return found;
  }

  bool loopsOnly_;
  std::set<const ValueDecl *> read_;
  std::map<const ValueDecl *, std::set<const ValueDecl *>> sources_;
};

// Whether a condition may read what a store into memory (an element, a
// member, a dereference) changes: the member, or the variable the element's
// array hangs from; a place the compiler cannot name, yes.
bool conditionReads(const Expr *target, const std::set<const ValueDecl *> &conditions) {
  for (const Expr *e = target->IgnoreParenImpCasts();;) {
    if (auto *m = dyn_cast<MemberExpr>(e)) {
      const auto *f = dyn_cast<FieldDecl>(m->getMemberDecl());
      return !f || conditions.count(f->getCanonicalDecl()) > 0;
    }
    if (auto *a = dyn_cast<ArraySubscriptExpr>(e)) {
      e = a->getBase()->IgnoreParenImpCasts();
      continue;
    }
    if (auto *u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) {
      e = u->getSubExpr()->IgnoreParenImpCasts();
      continue;
    }
    if (auto *ref = dyn_cast<DeclRefExpr>(e))
      if (auto *v = dyn_cast<VarDecl>(ref->getDecl())) return conditions.count(v->getCanonicalDecl()) > 0;
    return true;
  }
}

// A value a condition can test: a number, a flag, an enumerator, a pointer
// (not an aggregate, whose stores are its members').
bool testable(QualType t) { return t->isScalarType(); }

// Whether a member belongs to an object of the code's own (`mine.count`,
// not `shared->count`), whose stores no other code sees.
bool ownObject(const MemberExpr *m, const std::function<bool(const VarDecl *)> &isOwn) {
  while (!m->isArrow()) {
    const Expr *base = m->getBase()->IgnoreParenImpCasts();
    if (auto *inner = dyn_cast<MemberExpr>(base)) {
      m = inner;
      continue;
    }
    auto *ref = dyn_cast<DeclRefExpr>(base);
    auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    return var && isOwn(var);
  }
  return false;
}

}  // namespace

std::set<const ValueDecl *> conditionReads(TranslationUnitDecl *tu) {
  ConditionFinder f(false);
  f.TraverseDecl(tu);
  return f.steering();
}

std::set<const ValueDecl *> loopConditionReads(TranslationUnitDecl *tu) {
  ConditionFinder f(true);
  f.TraverseDecl(tu);
  return f.steering();
}

namespace {

// Whether writing a number, flag or pointer into a variable or member
// steers: one a condition reads, not the code's own.
bool steeringPlace(const Expr *place, const std::function<bool(const VarDecl *)> &isOwn,
                   const std::set<const ValueDecl *> &conditions) {
  place = place->IgnoreParenImpCasts();
  if (auto *ref = dyn_cast<DeclRefExpr>(place)) {
    auto *var = dyn_cast<VarDecl>(ref->getDecl());
    return var && !isOwn(var) && testable(var->getType()) && conditions.count(var->getCanonicalDecl());
  }
  auto *member = dyn_cast<MemberExpr>(place);
  auto *field = member ? dyn_cast<FieldDecl>(member->getMemberDecl()) : nullptr;
  // a member a condition reads: `s->residual = ...; while (s->residual > tol)`
  return field && testable(field->getType()) && conditions.count(field->getCanonicalDecl()) &&
         !ownObject(member, isOwn);
}

// Whether a call may write such a place holding a floating-point number:
// passed by address to a parameter that points to writable data (`dot(x,
// y, n, &rho)` before `if (rho < tol)`), or by reference to a non-const
// reference. Not an integer: that is mostly a status a kernel reports
// (LAPACK's `info`, tested for failures), which a simulated kernel, run on
// data the simulation may not keep, would only report wrongly.
bool callWritesSteering(const CallExpr *call, const std::function<bool(const VarDecl *)> &isOwn,
                        const std::set<const ValueDecl *> &conditions) {
  const FunctionDecl *callee = call->getDirectCallee();
  if (!callee) return false;
  // A member operator's call (`f(&rho)` on a lambda) has its object as first argument.
  const auto *method = dyn_cast<CXXMethodDecl>(callee);
  const unsigned object = isa<CXXOperatorCallExpr>(call) && method && method->isInstance() ? 1 : 0;
  for (unsigned i = 0; i < callee->getNumParams() && i + object < call->getNumArgs(); ++i) {
    const QualType param = callee->getParamDecl(i)->getType();
    const Expr *arg = call->getArg(i + object)->IgnoreParenImpCasts();
    const Expr *place = nullptr;
    if (param->isPointerType() && !param->getPointeeType().isConstQualified()) {
      if (auto *u = dyn_cast<UnaryOperator>(arg); u && u->getOpcode() == UO_AddrOf) place = u->getSubExpr();
    } else if (param->isLValueReferenceType() && !param.getNonReferenceType().isConstQualified()) {
      place = arg;
    }
    if (place && place->getType()->isRealFloatingType() && steeringPlace(place, isOwn, conditions)) return true;
  }
  return false;
}

}  // namespace

bool storesSteering(const Stmt *s, const std::function<bool(const VarDecl *)> &isOwn,
                    const std::set<const ValueDecl *> &conditions) {
  bool steers = false;
  forEach(s, [&](const Stmt *x) {
    if (steers) return;
    if (auto *call = dyn_cast<CallExpr>(x)) {
      steers = callWritesSteering(call, isOwn, conditions);
      return;
    }
    const Expr *target = nullptr;
    if (auto *bo = dyn_cast<BinaryOperator>(x); bo && bo->isAssignmentOp()) target = bo->getLHS();
    else if (auto *uo = dyn_cast<UnaryOperator>(x); uo && uo->isIncrementDecrementOp()) target = uo->getSubExpr();
    if (!target) return;
    target = target->IgnoreParenImpCasts();
    if (isa<DeclRefExpr>(target)) steers = steeringPlace(target, isOwn, conditions);
    else if (auto *m = dyn_cast<MemberExpr>(target); m && ownObject(m, isOwn)) steers = false;
    else  // or an address put into the program's data, where a condition may test it
      steers = steeringPlace(target, isOwn, conditions) ||
               (target->getType()->isPointerType() && conditionReads(target, conditions));
  });
  return steers;
}

}  // namespace hcc::rewriter
