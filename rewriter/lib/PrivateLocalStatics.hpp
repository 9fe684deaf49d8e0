// Function-local statics that each rank constructs (Privatize.cpp): a
// class object or a dynamic initialiser. Natively the compiler constructs
// such a static the first time control passes its declaration, guarded by
// a flag of the process, and destroys it at exit: in a simulation every
// rank would share the one object. The declaration becomes storage that
// nothing constructs, privatised as other statics are (each rank's copy
// says whose it is once constructed), and a statement that constructs the
// running rank's copy on its first pass, one of the rank's threads while
// the others wait, as the compiler's guard has them wait
// (hcc_private_local_acquire), and whose destruction the runtime runs when
// the rank ends (hcc_private_local_constructed):
//
//   static Log log("run.log");  ->  static __hcc_local_static<Log> __hcc_lsN; <descriptor>
//                                   if (<rank's __hcc_lsN> is not the rank's && <acquired>)
//                                     { <construct it>("run.log") ... }
//
// and each use of `log` becomes the rank's `__hcc_lsN.value`. Declarations
// that cannot be so rewritten (several in one statement, inside a macro,
// written with `auto`, arrays, references, thread-locals, not directly in
// a block) keep the warning that they are shared.
#pragma once

#include <string>

#include "hccrewriter/Passes.hpp"

namespace hcc::rewriter {

class PrivateLocalStatics {
 public:
  explicit PrivateLocalStatics(PassContext &pc) : pc_(pc) {}

  // Why the static v, declared by ds, cannot be constructed per rank; empty
  // if it can.
  std::string unsupported(const clang::VarDecl *v, const clang::DeclStmt *ds) const;

  // The storage's name, which the descriptor and the uses
  // (HCC_PRIVATE(<name>).value) name, in its function.
  static std::string storageName(unsigned id) { return "__hcc_ls" + std::to_string(id); }

  // Rewrites v's declaration ds; descriptor is the descriptor's text for
  // the storage (in section hcc_private_locals), init the initialiser's
  // text as it follows the type in `new (p) T ...` (its uses of privatised
  // variables rewritten), id unique in the file.
  void rewrite(const clang::VarDecl *v, const clang::DeclStmt *ds, const std::string &descriptor,
               const std::string &init, unsigned id);

  // The templates these need, before the file's code; empty if none.
  std::string preamble() const;

 private:
  PassContext &pc_;
  bool any_ = false;
};

}  // namespace hcc::rewriter
