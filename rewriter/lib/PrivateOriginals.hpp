// What becomes of the originals of privatised class objects in a simulated
// build (Privatize.cpp). Each rank of an MPI simulation constructs and
// destroys its own copy; the original is no rank's. As written, it was
// also constructed at start-up and destroyed at the process's exit: a
// constructor or destructor with an effect (a message, a registration, a
// report or file written) had it once more than the native ranks.
//
// In a file that declares MPI_Init, the definition becomes storage that
// nothing constructs or destroys, under the variable's own symbol (a class
// without a default constructor then compiles too):
//
//   Logger log("run.log");        ->  extern Logger log; <storage named log>
//   static Logger log("run.log"); ->  static Logger &log = <storage>;
//   Logger Solver::log("run.log");->  <storage named Solver::log>
//
// (an internal variable cannot be declared without being defined: it
// becomes a reference to the storage, a constant the descriptor's address
// still is). A file without MPI_Init may serve a program without ranks,
// whose code uses the originals: its originals are constructed as written,
// and destroyed at exit unless the process simulates ranks
// (hcc_private_destroy_original_at_exit, registered where the compiler
// would have registered the destructor).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "hccrewriter/Passes.hpp"

namespace hcc::rewriter {

class PrivateOriginals {
 public:
  explicit PrivateOriginals(PassContext &pc) : pc_(pc) {}

  // Of the definitions of this file's privatised variables that each rank
  // constructs, those whose originals are left unconstructed: class
  // objects that are not trivial, defined where their text can be
  // rewritten, alone in their declaration or beside others so chosen (a
  // declaration `extern` would turn into must declare only such), written
  // with `auto` only where internal. Others keep a value-initialised
  // original (`{}`), or, written with `auto`, their initialiser.
  void choose(const std::vector<const clang::VarDecl *> &constructedPerRank);
  bool chosen(const clang::VarDecl *def) const { return chosen_.count(def) > 0; }
  // A chosen definition that becomes a reference to its storage.
  bool becomesReference(const clang::VarDecl *def) const;

  // Rewrites a chosen definition; init is its initialiser's text (invalid:
  // none written), qualified its name from file scope, id unique in the
  // file.
  void rewrite(const clang::VarDecl *def, clang::CharSourceRange init, const std::string &qualified, unsigned id);

  // In a file without MPI_Init: the original of def (a privatised
  // definition of this file, descriptor its descriptor's name from file
  // scope) is destroyed at exit only in a process without ranks (a trivial
  // destructor, or text that cannot be rewritten, is left as written).
  void destroyOnlyWithoutRanks(const clang::VarDecl *def, const std::string &descriptor, unsigned id);

  // The templates and declarations these need, before the file's code;
  // empty if none.
  std::string preamble() const;

 private:
  bool rewritable(const clang::VarDecl *def) const;
  bool candidate(const clang::VarDecl *def) const;
  std::vector<const clang::VarDecl *> groupOf(const clang::VarDecl *def) const;
  std::string symbolOf(const clang::VarDecl *def) const;
  std::string deducedType(const clang::VarDecl *def) const;

  PassContext &pc_;
  std::set<const clang::VarDecl *> chosen_;
  std::set<clang::SourceLocation> madeExtern_;  // declaration groups given `extern`
  bool any_ = false;
  bool anyInternal_ = false;  // the internal variables' storage template is needed
  bool anyDestroyedAtExit_ = false;  // __dso_handle is needed
};

}  // namespace hcc::rewriter
