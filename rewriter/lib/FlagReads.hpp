// A loop's reads of a flag another thread sets, for the rewriter's analyses
// (SharedAtomics.cpp marks them, TaskFunctions.cpp makes the task that
// waits on them control code). Internal to the rewriter library.
#pragma once

#include <vector>

#include "StmtWalk.hpp"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace hcc::rewriter {

// The reads in a loop's condition of a volatile scalar that is not a local
// variable of the function (`while (release == 0);`, `while (!s->ready);`):
// a flag another thread sets. A local variable is the thread's own (a delay
// loop's volatile counter).
inline std::vector<const clang::Expr *> volatileFlagReads(const clang::Expr *cond) {
  std::vector<const clang::Expr *> reads;
  if (!cond) return reads;
  forEach(cond, [&](const clang::Stmt *x) {
    auto *load = clang::dyn_cast<clang::ImplicitCastExpr>(x);
    if (!load || load->getCastKind() != clang::CK_LValueToRValue) return;
    const clang::Expr *place = load->getSubExpr()->IgnoreParens();
    if (!place->getType().isVolatileQualified() || !place->getType()->isScalarType()) return;
    auto *ref = clang::dyn_cast<clang::DeclRefExpr>(place);
    auto *var = ref ? clang::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
    if (var && var->hasLocalStorage() && !var->getType()->isReferenceType()) return;
    reads.push_back(place);
  });
  return reads;
}

}  // namespace hcc::rewriter
