// How many times a `for` loop goes round (LoopCounts.hpp).
#include "LoopCounts.hpp"

#include "StmtWalk.hpp"
#include "clang/AST/ASTContext.h"

using namespace clang;

namespace hcc::rewriter {

const std::set<std::string> &libraryFunctions() {
  static const std::set<std::string> names = [] {
    std::set<std::string> s{"abs", "labs", "llabs", "memset", "memcpy", "memmove", "memcmp"};
    for (const char *f : {"sin",   "cos",   "tan",  "asin", "acos",  "atan",  "atan2", "sinh",  "cosh",
                          "tanh",  "exp",   "exp2", "expm1", "log",  "log2",  "log10", "log1p", "pow",
                          "sqrt",  "cbrt",  "hypot", "fabs", "fmod", "floor", "ceil",  "round", "trunc",
                          "fmin",  "fmax",  "fma",  "erf",  "erfc", "lround", "copysign"}) {
      s.insert(f);
      s.insert(std::string(f) + "f");
      s.insert(std::string(f) + "l");
    }
    return s;
  }();
  return names;
}

bool changesAny(const Stmt *s, const std::set<const VarDecl *> &vars) {
  bool changed = false;
  forEach(s, [&](const Stmt *x) {
    const Expr *target = nullptr;
    if (auto *b = dyn_cast<BinaryOperator>(x); b && b->isAssignmentOp()) target = b->getLHS();
    if (auto *u = dyn_cast<UnaryOperator>(x); u && (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf))
      target = u->getSubExpr();
    if (const VarDecl *v = varOf(target); v && vars.count(v->getCanonicalDecl())) changed = true;
  });
  return changed;
}

std::optional<Count> countOf(const ForStmt *f) {
  Count c;
  if (auto *ds = dyn_cast_or_null<DeclStmt>(f->getInit()); ds && ds->isSingleDecl()) {
    c.var = dyn_cast<VarDecl>(ds->getSingleDecl());
    if (c.var) c.first = c.var->getInit();
  } else if (auto *bo = dyn_cast_or_null<BinaryOperator>(f->getInit()); bo && bo->getOpcode() == BO_Assign) {
    c.var = varOf(bo->getLHS());
    c.first = bo->getRHS();
  }
  if (!c.var || !c.first || !c.var->getType()->isIntegerType()) return std::nullopt;
  // The step.
  const Expr *inc = bare(f->getInc());
  if (auto *u = dyn_cast_or_null<UnaryOperator>(inc); u && varOf(u->getSubExpr()) == c.var) {
    c.step = u->isIncrementOp() ? 1 : u->isDecrementOp() ? -1 : 0;
  } else if (auto *ca = dyn_cast_or_null<CompoundAssignOperator>(inc); ca && varOf(ca->getLHS()) == c.var) {
    Expr::EvalResult r;
    if ((ca->getOpcode() == BO_AddAssign || ca->getOpcode() == BO_SubAssign) &&
        ca->getRHS()->EvaluateAsInt(r, c.var->getASTContext())) {
      c.step = r.Val.getInt().getExtValue();
      if (ca->getOpcode() == BO_SubAssign) c.step = -c.step;
    }
  }
  if (c.step == 0) return std::nullopt;
  // The condition, either way round.
  auto *cond = dyn_cast_or_null<BinaryOperator>(bare(f->getCond()));
  if (!cond) return std::nullopt;
  BinaryOperatorKind op = cond->getOpcode();
  if (varOf(cond->getLHS()) == c.var) {
    c.bound = cond->getRHS();
  } else if (varOf(cond->getRHS()) == c.var) {
    c.bound = cond->getLHS();
    op = op == BO_LT ? BO_GT : op == BO_GT ? BO_LT : op == BO_LE ? BO_GE : op == BO_GE ? BO_LE : op;
  } else {
    return std::nullopt;
  }
  if (op == BO_NE && (c.step == 1 || c.step == -1)) op = c.step > 0 ? BO_LT : BO_GT;
  const bool up = op == BO_LT || op == BO_LE, down = op == BO_GT || op == BO_GE;
  if ((up && c.step < 0) || (down && c.step > 0) || (!up && !down)) return std::nullopt;
  c.inclusive = op == BO_LE || op == BO_GE;
  return c;
}

}  // namespace hcc::rewriter
