#include "UnconstructedOriginals.hpp"

#include <memory>

#include "PrivateVariables.hpp"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace hcc::rewriter {

namespace {

// Storage for one object that nothing constructs or destroys: a union
// whose constructor initialises another member (constant initialisation,
// zero bytes) and whose destructor does nothing, declared no_destroy so
// that not even that is registered. Internal variables' storage is a
// template's static member, one per variable (Id), of this file alone.
constexpr const char *kStorageTemplate =
    "template <class T> union __hcc_unconstructed { char none; T value; constexpr __hcc_unconstructed() : none() {} "
    "~__hcc_unconstructed() {} };\n";
constexpr const char *kInternalStorageTemplate =
    "namespace { template <class T, int Id> struct __hcc_unconstructed_static { static __hcc_unconstructed<T> object; "
    "}; template <class T, int Id> __attribute__((no_destroy)) __hcc_unconstructed<T> "
    "__hcc_unconstructed_static<T, Id>::object; }\n";

bool internal(const VarDecl *def) { return !def->isExternallyVisible(); }

}  // namespace

bool UnconstructedOriginals::candidate(const VarDecl *def) const {
  const SourceManager &sm = pc_.sm;
  if (def->getLocation().isMacroID() || def->getBeginLoc().isMacroID() || !sm.isInMainFile(def->getLocation()))
    return false;
  const CXXRecordDecl *rd = def->getType()->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition() || rd->isTrivial()) return false;  // a trivial class's `{}` does nothing
  if (def->isInline() || !def->isFileVarDecl() || def->getTLSKind() != VarDecl::TLS_None ||
      def->hasAttr<AlignedAttr>())
    return false;
  if (def->isStaticDataMember()) return def->isOutOfLine() && !internal(def) && groupOf(def).size() == 1;
  // An internal variable becomes a reference: no other declaration may say
  // it is an object.
  if (internal(def)) return def->isFirstDecl() && def->getMostRecentDecl() == def;
  return true;
}

std::vector<const VarDecl *> UnconstructedOriginals::groupOf(const VarDecl *def) const {
  std::vector<const VarDecl *> group;
  for (const Decl *d : def->getLexicalDeclContext()->decls())
    if (const auto *v = dyn_cast<VarDecl>(d); v && v->getBeginLoc() == def->getBeginLoc()) group.push_back(v);
  return group;
}

void UnconstructedOriginals::choose(const std::vector<const VarDecl *> &constructedPerRank) {
  std::set<const VarDecl *> candidates;
  for (const VarDecl *def : constructedPerRank)
    if (candidate(def)) candidates.insert(def);
  for (const VarDecl *def : candidates) {
    bool alone = true;  // of the declaration `extern` is written before
    if (!internal(def) && !def->isStaticDataMember())
      for (const VarDecl *mate : groupOf(def)) alone &= candidates.count(mate) > 0;
    if (alone) chosen_.insert(def);
  }
}

std::string UnconstructedOriginals::symbolOf(const VarDecl *def) const {
  std::unique_ptr<MangleContext> mangle(pc_.ctx.createMangleContext());
  std::string name;
  llvm::raw_string_ostream os(name);
  if (mangle->shouldMangleDeclName(def)) mangle->mangleName(GlobalDecl(def), os);
  else os << def->getName();
  return os.str();
}

void UnconstructedOriginals::rewrite(const VarDecl *def, CharSourceRange init, const std::string &qualified,
                                     unsigned id) {
  const SourceManager &sm = pc_.sm;
  Rewriter &rw = pc_.rewriter;
  const SourceLocation name = sm.getExpansionLoc(def->getLocation());
  const std::string storage = "__attribute__((no_destroy)) __hcc_unconstructed<__typeof__(" + qualified +
                              ")> __hcc_gv" + std::to_string(id) + "_original __asm__(\"" + symbolOf(def) + "\");";
  any_ = true;
  if (internal(def)) {
    anyInternal_ = true;
    const std::string object = "__hcc_unconstructed_static<__typeof__(" + def->getName().str() + "), " +
                               std::to_string(id) + ">::object.value";
    rw.InsertTextBefore(name, "&");
    if (init.isInvalid()) rw.InsertTextAfterToken(name, " = " + object);
    else rw.ReplaceText(init, def->getInitStyle() == VarDecl::CInit ? object : " = " + object);
    return;
  }
  const SourceLocation begin = sm.getExpansionLoc(def->getOuterLocStart());
  const SourceLocation end = afterDeclarationGroup(pc_, def);
  if (def->isStaticDataMember()) {  // the class's declaration stays
    std::string text = storage;
    if (pc_.line(begin) != pc_.line(end)) text += "\n" + pc_.lineMarker(pc_.line(end));
    rw.ReplaceText(CharSourceRange::getCharRange(begin, end), text);
    return;
  }
  if (def->getStorageClass() != SC_Extern && madeExtern_.insert(begin).second) rw.InsertTextBefore(begin, "extern ");
  if (init.isValid()) {
    const SourceLocation afterName = Lexer::getLocForEndOfToken(name, 0, sm, pc_.ctx.getLangOpts());
    rw.RemoveText(init.isTokenRange() ? CharSourceRange::getTokenRange(afterName, init.getEnd())
                                      : CharSourceRange::getCharRange(afterName, init.getEnd()));
  }
  rw.InsertTextAfter(end, " " + storage);
}

std::string UnconstructedOriginals::preamble() const {
  if (!any_) return "";
  return std::string(kStorageTemplate) + (anyInternal_ ? kInternalStorageTemplate : "");
}

}  // namespace hcc::rewriter
