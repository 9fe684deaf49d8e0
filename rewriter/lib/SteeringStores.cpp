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

#include "StmtWalk.hpp"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace hcc::rewriter {

namespace {

class ConditionFinder : public RecursiveASTVisitor<ConditionFinder> {
 public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitIfStmt(IfStmt *s) { return add(s->getCond()); }
  bool VisitWhileStmt(WhileStmt *s) { return add(s->getCond()); }
  bool VisitDoStmt(DoStmt *s) { return add(s->getCond()); }
  bool VisitForStmt(ForStmt *s) { return add(s->getCond()); }
  bool VisitSwitchStmt(SwitchStmt *s) { return add(s->getCond()); }
  bool VisitConditionalOperator(ConditionalOperator *e) { return add(e->getCond()); }

  std::set<const ValueDecl *> read;

 private:
  bool add(const Stmt *cond) {
    forEach(cond, [&](const Stmt *x) {
      if (auto *ref = dyn_cast<DeclRefExpr>(x))
        if (auto *v = dyn_cast<VarDecl>(ref->getDecl())) read.insert(v->getCanonicalDecl());
      if (auto *m = dyn_cast<MemberExpr>(x))
        if (auto *f = dyn_cast<FieldDecl>(m->getMemberDecl())) read.insert(f->getCanonicalDecl());
    });
    return true;
  }
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

bool countOrFlag(QualType t) {
  return t->isIntegralOrEnumerationType() || t->isBooleanType() || t->isPointerType();
}

}  // namespace

std::set<const ValueDecl *> conditionReads(TranslationUnitDecl *tu) {
  ConditionFinder f;
  f.TraverseDecl(tu);
  return std::move(f.read);
}

bool storesSteering(const Stmt *s, const std::function<bool(const VarDecl *)> &isOwn,
                    const std::set<const ValueDecl *> &conditions) {
  bool steers = false;
  forEach(s, [&](const Stmt *x) {
    if (steers) return;
    const Expr *target = nullptr;
    if (auto *bo = dyn_cast<BinaryOperator>(x); bo && bo->isAssignmentOp()) target = bo->getLHS();
    else if (auto *uo = dyn_cast<UnaryOperator>(x); uo && uo->isIncrementDecrementOp()) target = uo->getSubExpr();
    if (!target) return;
    target = target->IgnoreParenImpCasts();
    const auto *ref = dyn_cast<DeclRefExpr>(target);
    if (const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr)  // steering when a condition reads it
      steers = !isOwn(var) && countOrFlag(var->getType()) && conditions.count(var->getCanonicalDecl());
    else  // an address put into the program's data, where a condition may test it
      steers = target->getType()->isPointerType() && conditionReads(target, conditions);
  });
  return steers;
}

}  // namespace hcc::rewriter
