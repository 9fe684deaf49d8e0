// How many times a `for` loop goes round, as the compiler sees it: the
// loop-nest pass (LoopNests.cpp) and a task's work (TaskWork.cpp) count
// loops with it. Internal to the rewriter library.
#pragma once

#include <optional>
#include <set>
#include <string>

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtObjC.h"

namespace hcc::rewriter {

// The C library's functions a counted or skipped loop may call: they
// compute or move data (mathematical, memory).
const std::set<std::string> &libraryFunctions();

inline const clang::Expr *bare(const clang::Expr *e) { return e ? e->IgnoreParenImpCasts() : nullptr; }

inline const clang::VarDecl *varOf(const clang::Expr *e) {
  auto *ref = clang::dyn_cast_or_null<clang::DeclRefExpr>(bare(e));
  return ref ? clang::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
}

inline bool isLoop(const clang::Stmt *s) {
  return clang::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt, clang::CXXForRangeStmt>(s);
}

// `for (v = first; v OP bound; v += step)` over an integer v.
struct Count {
  const clang::VarDecl *var = nullptr;
  const clang::Expr *first = nullptr, *bound = nullptr;
  long long step = 0;
  bool inclusive = false;
};

std::optional<Count> countOf(const clang::ForStmt *f);

// Whether s assigns one of vars (canonical declarations), increments or
// decrements it, or takes its address.
bool changesAny(const clang::Stmt *s, const std::set<const clang::VarDecl *> &vars);

// The C expression of a loop's trip count from its first value's and
// bound's texts (hcc_loop_trip, rt/include/hcc/hcc.h).
inline std::string tripText(const Count &c, const std::string &first, const std::string &bound) {
  return "hcc_loop_trip((double)(" + first + "), (double)(" + bound + "), " + std::to_string(c.step) + ", " +
         (c.inclusive ? "1" : "0") + ")";
}

}  // namespace hcc::rewriter
