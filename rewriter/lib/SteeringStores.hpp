// Stores whose effects steer control code (TaskFunctions.cpp): a task body
// that makes them runs in simulation instead of being simulated. Internal to
// the rewriter library.
#pragma once

#include <functional>
#include <set>

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

namespace hcc::rewriter {

// The variables and members that a condition of the file reads (if, while,
// do, for, switch, ?:), and those assigned into them (`norm = sqrt(red)`
// before `while (norm > tol)` adds red): what decides what control code does.
// With otherFiles, also what the file's functions give the calling files
// (loopConditionReads says which).
std::set<const clang::ValueDecl *> conditionReads(clang::TranslationUnitDecl *tu, bool otherFiles = false);
// The same for the conditions that decide how much the program runs: those
// of loops (while, do, for) and of the `if`s that leave one (break, return,
// goto): a loop whose stores reach them decides how many times the
// program's loops go round (LoopNests.cpp). Here flows also go into the
// arrays whose elements are assigned, and from arguments into parameters of
// the file's functions.
// Here values and contents apart: what the conditions read of a pointer,
// array or object is its value (`if (!f) return 1;`) or its elements and
// members (`while (dist(p, centre) > tol)`), and flows go into the contents
// an element store writes, from arguments into parameters of the file's
// functions, and from a pointer's contents into those of its copies.
// Through a function the file does not define, from its arguments into
// what it writes through pointers and into what it returns, and from any
// MPI send buffer into any MPI receive buffer (a message): a loop that
// computes the counts a rank sends decides how many times the receiving
// rank's loops go round.
// Without exitsOutsideLoops, an if that returns counts only inside a loop:
// `if (bad) return 1;` after a computation checks what it computed, and
// decides no loop's count (the task bodies' contents, TaskFunctions.cpp).
struct LoopSteering {
  std::set<const clang::ValueDecl *> values, contents;
};
// With otherFiles, in a file that defines no main, the numbers that its
// functions of external linkage return, or store through a pointer or
// reference to a number they were given, count as read: the conditions of
// the files that call them may test them (`while (change > tol)` in
// main.c, `change` a reduction of solver.c). The loops' reads
// (LoopNests.cpp), and the task bodies' (TaskFunctions.cpp, through
// conditionReads).
LoopSteering loopConditionReads(clang::TranslationUnitDecl *tu, bool exitsOutsideLoops = true, bool otherFiles = false);

// The variables and members holding pointers (a pointer, an array of
// pointers) whose value the file reads anywhere, not only as the place a
// store writes: a block's address put there is followed by some code (freed,
// read through, handed to another task), which finds no block when the
// task that allocated it was simulated (`scratch[b] = malloc(n)` in one
// task, `free(scratch[b])` in the next crashed its simulation).
std::set<const clang::ValueDecl *> followedPointers(clang::TranslationUnitDecl *tu);

// Whether s stores what a condition reads (conditions): a pointer into
// memory (an array element whose array hangs from a variable a condition
// reads, a member a condition reads, or a place it cannot name: a block it
// allocated, put into the program's data structure), or a number, flag or
// pointer into a variable not its own or a member of an object not its
// own (a task's sum into a reduction variable that ends a loop), itself or
// by passing the address of a floating-point one, or a reference to it, to
// a function that may write it (`dot(x, y, n, &rho)`), or a block freed
// that is not its own (`free(scratch[b])`, `delete shared->node`). isOwn tells the variables whose
// stores no other code sees (locals, parameters, a task's private copies).
// Stores of numbers into arrays and through pointers are computation
// (unless a literal into an integer element of an array that a condition
// reads, of those in flags: a flag, `done[i] = 1`; or into the contents of an array, object or
// member in contents: a loop that updates a k-means's centres, whose
// distances decide how many times it goes round), and so is a variable no
// condition reads (`sink = p` to keep an optimiser from removing p): not
// steering.
bool storesSteering(const clang::Stmt *s, const std::function<bool(const clang::VarDecl *)> &isOwn,
                    const std::set<const clang::ValueDecl *> &conditions,
                    const std::set<const clang::ValueDecl *> *contents = nullptr,
                    const std::set<const clang::ValueDecl *> *flags = nullptr);

}  // namespace hcc::rewriter
