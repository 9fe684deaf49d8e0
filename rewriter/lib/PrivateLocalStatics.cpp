#include "PrivateLocalStatics.hpp"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hcc::rewriter {

namespace {

// The storage: unconstructed until a rank's first pass (a union's member
// is not constructed with it), and the rank whose copy it is once
// constructed: the shift of its copies (hcc_private_shift; 0 for the
// original, outside ranks; 1, no shift's, before). A rank's copy starts as
// the original's bytes, which say "constructed" only where the original
// was, for the process outside ranks (a static initialiser of a file
// without MPI_Init called the function): the rank still constructs its own.
// The destruction is that of a constructed copy.
constexpr const char *kLocalStaticTemplates =
    "template <class T> struct __hcc_local_static { union { char none; T value; }; __INTPTR_TYPE__ constructed_at; "
    "constexpr __hcc_local_static() : none(), constructed_at(1) {} ~__hcc_local_static() {} };\n"
    "template <class T> void __hcc_local_static_destroy(void *p) { static_cast<T *>(p)->~T(); }\n"
    "struct __hcc_local_guard { __INTPTR_TYPE__ *state; ~__hcc_local_guard() { if (state) "
    "hcc_private_local_abandoned(state); } };\n"
    "extern \"C\" void *__dso_handle;\n";

}  // namespace

std::string PrivateLocalStatics::unsupported(const VarDecl *v, const DeclStmt *ds) const {
  const std::string what = "a function-local static with a dynamic initialiser or a class type ";
  const std::string hint = " is not supported (make it a namespace-scope variable)";
  if (!ds->isSingleDecl()) return what + "declared beside other variables" + hint;
  if (ds->getBeginLoc().isMacroID() || ds->getEndLoc().isMacroID()) return what + "declared in a macro" + hint;
  const QualType t = v->getType();
  if (t->getContainedDeducedType() || t->isArrayType() || t->isReferenceType() ||
      v->getTLSKind() != VarDecl::TLS_None)
    return what + "written with `auto`, as an array or a reference" + hint;
  const DynTypedNodeList parents = pc_.ctx.getParents(*ds);
  if (parents.size() != 1 || !parents[0].get<CompoundStmt>()) return what + "not directly in a block" + hint;
  return "";
}

void PrivateLocalStatics::rewrite(const VarDecl *v, const DeclStmt *ds, const std::string &descriptor,
                                  const std::string &init, unsigned id) {
  any_ = true;
  PrintingPolicy policy(pc_.ctx.getLangOpts());
  policy.SuppressTagKeyword = true;
  policy.SuppressUnwrittenScope = true;  // (anonymous namespace)
  const std::string storage = storageName(id);
  const std::string copy = "HCC_PRIVATE(" + storage + ")";
  const std::string object = "(void *)__builtin_addressof(" + copy + ".value)";
  const std::string rank = "(__INTPTR_TYPE__)hcc_private_shift";
  // The name stays declared, for what does not evaluate it (sizeof,
  // decltype): a reference to the original's storage, which every use that
  // evaluates it no longer names. Constructed as the compiler's guarded
  // initialisation does: by one thread of the rank, the others waiting
  // (hcc_private_local_acquire), then flagged and its destruction
  // registered; an initialiser that throws leaves it to the next pass
  // (__hcc_local_guard, destroyed by the unwinding).
  const std::string value = "__typeof__(" + storage + ".value)";
  const std::string state = "&" + copy + ".constructed_at";
  const std::string text =
      "static __hcc_local_static<" + v->getType().getAsString(policy) + "> " + storage + "; " + descriptor +
      " static " + value + " &" + v->getNameAsString() + " __attribute__((unused)) = " + storage + ".value; if (" +
      copy + ".constructed_at != " + rank + " && hcc_private_local_acquire(" + state + ")) { typedef " + value +
      " __hcc_T; __hcc_local_guard __hcc_g = {" + state + "}; ::new (" + object + ") __hcc_T" + init +
      "; __hcc_g.state = nullptr; hcc_private_local_constructed(__hcc_local_static_destroy<__hcc_T>, " + object +
      ", &__dso_handle, " + state + "); }";
  pc_.rewriter.ReplaceText(CharSourceRange::getTokenRange(ds->getBeginLoc(), ds->getEndLoc()), text);
}

std::string PrivateLocalStatics::preamble() const { return any_ ? kLocalStaticTemplates : ""; }

}  // namespace hcc::rewriter
