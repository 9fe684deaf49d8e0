// A loop's reads of a flag another thread sets, for the rewriter's analyses
// (SharedAtomics.cpp marks them, TaskFunctions.cpp makes the task that
// waits on them control code). Internal to the rewriter library.
#pragma once

#include <vector>

#include "StmtWalk.hpp"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace hcc::rewriter {

// A while, do or for loop's condition; null for any other statement (or a
// for without one).
inline const clang::Expr *loopCondition(const clang::Stmt *s) {
  if (auto *w = clang::dyn_cast<clang::WhileStmt>(s)) return w->getCond();
  if (auto *d = clang::dyn_cast<clang::DoStmt>(s)) return d->getCond();
  if (auto *f = clang::dyn_cast<clang::ForStmt>(s)) return f->getCond();
  return nullptr;
}

// Whether place is a volatile scalar that is not a local variable of the
// function: a flag another thread may set or read. A local variable is the
// thread's own (a delay loop's volatile counter).
inline bool sharedVolatile(const clang::Expr *place) {
  if (!place->getType().isVolatileQualified() || !place->getType()->isScalarType()) return false;
  auto *ref = clang::dyn_cast<clang::DeclRefExpr>(place);
  auto *var = ref ? clang::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  return !(var && var->hasLocalStorage() && !var->getType()->isReferenceType());
}

// The reads in a loop's condition of a shared volatile scalar (`while
// (release == 0);`, `while (!s->ready);`): a flag another thread sets.
inline std::vector<const clang::Expr *> volatileFlagReads(const clang::Expr *cond) {
  std::vector<const clang::Expr *> reads;
  if (!cond) return reads;
  forEach(cond, [&](const clang::Stmt *x) {
    auto *load = clang::dyn_cast<clang::ImplicitCastExpr>(x);
    if (!load || load->getCastKind() != clang::CK_LValueToRValue) return;
    const clang::Expr *place = load->getSubExpr()->IgnoreParens();
    if (sharedVolatile(place)) reads.push_back(place);
  });
  return reads;
}

}  // namespace hcc::rewriter
