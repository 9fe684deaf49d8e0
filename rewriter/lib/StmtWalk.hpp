// Every statement under a statement, for the rewriter's analyses
// (TaskFunctions.cpp, SteeringStores.cpp). Internal to the rewriter library.
#pragma once

#include <vector>

#include "clang/AST/Stmt.h"

namespace hcc::rewriter {

// Calls fn on every statement under s, into the bodies of OpenMP constructs
// (a directive's children are its associated CapturedStmt, whose children
// are its captures, not its body). With a stack of its own, not recursion:
// an expression of 50,000 terms is 50,000 levels deep.
template <typename Fn>
void forEach(const clang::Stmt *s, Fn &&fn) {
  std::vector<const clang::Stmt *> todo{s};
  while (!todo.empty()) {
    const clang::Stmt *x = todo.back();
    todo.pop_back();
    if (!x) continue;
    fn(x);
    for (const clang::Stmt *c : x->children()) todo.push_back(c);
    if (auto *cs = clang::dyn_cast<clang::CapturedStmt>(x)) todo.push_back(cs->getCapturedStmt());
  }
}

}  // namespace hcc::rewriter
