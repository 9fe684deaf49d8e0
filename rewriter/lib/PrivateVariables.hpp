// The variables the privatisation pass rewrites (Privatize.cpp), found by
// PrivateVariables.cpp: every mutable variable with static storage the main
// file uses or defines, its uses, and the reasons some are left shared.
// Internal to the rewriter library.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "hccrewriter/Passes.hpp"

namespace hcc::rewriter {

struct PrivateUse {
  const clang::Expr *expr;         // DeclRefExpr, or MemberExpr naming a static member
  clang::CharSourceRange range;    // its text in the main file
  const clang::Decl *anchor;       // the declaration at namespace scope that holds it
};

struct PrivateVariable {
  const clang::VarDecl *var = nullptr;  // canonical declaration
  std::vector<PrivateUse> uses;
  const clang::DeclStmt *localDecl = nullptr;  // a function-local static's declaration
  bool excluded = false;
  // Never written: every rank reads the same value, and the compiler keeps
  // the constant it would fold natively (PrivateVariables.cpp, readOnly).
  bool readOnly = false;
  unsigned id = 0;
  // Where its descriptor goes: in its function after its declaration, in
  // its class, after its first declaration in this file, before the
  // declaration that first uses it (declared in a header), or at the end of
  // the file (a `declare target` variable: a use of it before its directive
  // draws clang's warning).
  enum Place { Local, InClass, AfterDeclaration, BeforeUse, EndOfFile } place = Local;
  const clang::Decl *placeDecl = nullptr;  // the declaration it goes after or before
  std::string qualified;   // the variable's name, from file scope
  std::string descriptor;  // the descriptor's name, from file scope (or in its function)
};

// A target construct of the main file (Privatize.cpp gives its region the
// ranks' copies through pointers).
struct TargetConstruct {
  clang::CharSourceRange construct;  // the directive and its region
  clang::CharSourceRange directive;
  bool macro = false;  // the directive is a macro's (_Pragma): nothing can go before it
  // What the region takes a copy of (clang's implicit firstprivate: the
  // scalars it does not map, aggregates under defaultmap(firstprivate)).
  std::set<const clang::VarDecl *> copied;
};

struct PrivateVariables {
  std::map<const clang::VarDecl *, PrivateVariable> vars;  // by canonical declaration
  std::vector<TargetConstruct> targets;  // in the order of the file
  std::set<const clang::VarDecl *> initRefs;  // variables whose initialiser uses privatisable ones
  // Each decltype(v) (its keyword to its parenthesis) naming a variable
  // with static storage unparenthesized (its declared type), in the main file.
  std::map<const clang::VarDecl *, std::vector<clang::SourceRange>> decltypes;
};

// Walks the translation unit (not library headers): each candidate's uses
// in the main file, and a warning for each variable that cannot be
// privatised (excluded; kept names without a warning). Variables this file
// alone can name and never writes are marked readOnly: they stay shared.
PrivateVariables findPrivateVariables(PassContext &pc, clang::TranslationUnitDecl *tu,
                                      const std::map<std::string, clang::SourceLocation> &kept);

// The location just after the ';' that ends the declaration group holding
// a declaration at namespace scope.
clang::SourceLocation afterDeclarationGroup(const PassContext &pc, const clang::Decl *d);

}  // namespace hcc::rewriter
