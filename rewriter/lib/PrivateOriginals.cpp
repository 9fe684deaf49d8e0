#include "PrivateOriginals.hpp"

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

// What its declaration leaves its initialiser to deduce, if anything: an
// `auto`, or a class template's arguments (`std::vector v{1, 2}`).
const DeducedType *deduced(const VarDecl *def) { return def->getType()->getContainedDeducedType(); }

}  // namespace

// A class object at file scope or a class's static member, written in the
// main file outside any macro.
bool PrivateOriginals::rewritable(const VarDecl *def) const {
  if (def->getLocation().isMacroID() || def->getBeginLoc().isMacroID() || !pc_.sm.isInMainFile(def->getLocation()))
    return false;
  const CXXRecordDecl *rd = def->getType()->getAsCXXRecordDecl();
  return rd && rd->hasDefinition() && def->isFileVarDecl() && def->getTLSKind() == VarDecl::TLS_None;
}

// The unqualified type of def as C++ text from file scope, for the storage
// of a declaration written with `auto` (a reference cannot name itself in
// its initialiser); empty where no name reaches it there.
std::string PrivateOriginals::deducedType(const VarDecl *def) const {
  PrintingPolicy policy(pc_.ctx.getLangOpts());
  policy.FullyQualifiedName = true;
  policy.SuppressTagKeyword = true;
  policy.SuppressScope = false;
  const std::string name = def->getType().getCanonicalType().getUnqualifiedType().getAsString(policy);
  return name.find('(') == std::string::npos ? "::" + name : "";  // (anonymous namespace), (lambda at ...)
}

bool PrivateOriginals::candidate(const VarDecl *def) const {
  if (!rewritable(def) || def->getType()->getAsCXXRecordDecl()->isTrivial())  // a trivial class's `{}` does nothing
    return false;
  // An `auto` declaration must keep its initialiser unless it becomes a
  // reference (an internal variable's) to storage its deduced type names;
  // one that deduces a class template's arguments always must (no
  // reference to `std::vector` can be formed).
  if (const DeducedType *d = deduced(def)) {
    const auto *a = dyn_cast<AutoType>(d);
    if (!a || !internal(def) || a->isDecltypeAuto() || deducedType(def).empty()) return false;
  }
  // Its storage could not follow an alignment or a symbol it was given.
  if (def->isInline() || def->hasAttr<AlignedAttr>() || def->hasAttr<AsmLabelAttr>()) return false;
  if (def->isStaticDataMember()) return def->isOutOfLine() && !internal(def) && groupOf(def).size() == 1;
  // An internal variable becomes a reference: no other declaration may say
  // it is an object.
  if (internal(def)) return def->isFirstDecl() && def->getMostRecentDecl() == def;
  return true;
}

std::vector<const VarDecl *> PrivateOriginals::groupOf(const VarDecl *def) const {
  std::vector<const VarDecl *> group;
  for (const Decl *d : def->getLexicalDeclContext()->decls())
    if (const auto *v = dyn_cast<VarDecl>(d); v && v->getBeginLoc() == def->getBeginLoc()) group.push_back(v);
  return group;
}

void PrivateOriginals::choose(const std::vector<const VarDecl *> &constructedPerRank) {
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

std::string PrivateOriginals::symbolOf(const VarDecl *def) const {
  std::unique_ptr<MangleContext> mangle(pc_.ctx.createMangleContext());
  std::string name;
  llvm::raw_string_ostream os(name);
  if (mangle->shouldMangleDeclName(def)) mangle->mangleName(GlobalDecl(def), os);
  else os << def->getName();
  return os.str();
}

bool PrivateOriginals::becomesReference(const VarDecl *def) const { return chosen(def) && internal(def); }

void PrivateOriginals::rewrite(const VarDecl *def, CharSourceRange init, const std::string &qualified, unsigned id) {
  const SourceManager &sm = pc_.sm;
  Rewriter &rw = pc_.rewriter;
  const SourceLocation name = sm.getExpansionLoc(def->getLocation());
  any_ = true;
  if (internal(def)) {
    anyInternal_ = true;
    const std::string type =
        deduced(def) ? deducedType(def) : "__typeof__(" + def->getName().str() + ")";
    const std::string object =
        "__hcc_unconstructed_static<" + type + ", " + std::to_string(id) + ">::object.value";
    rw.InsertTextBefore(name, "&");
    if (init.isInvalid()) rw.InsertTextAfterToken(name, " = " + object);
    else rw.ReplaceText(init, def->getInitStyle() == VarDecl::CInit ? object : " = " + object);
    return;
  }
  const std::string storage = "__attribute__((no_destroy)) __hcc_unconstructed<__typeof__(" + qualified +
                              ")> __hcc_gv" + std::to_string(id) + "_original __asm__(\"" + symbolOf(def) + "\");";
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

void PrivateOriginals::destroyOnlyWithoutRanks(const VarDecl *def, const std::string &descriptor, unsigned id) {
  if (!rewritable(def) || def->needsDestruction(pc_.ctx) != QualType::DK_cxx_destructor) return;
  anyDestroyedAtExit_ = true;
  pc_.rewriter.InsertTextAfterToken(pc_.sm.getExpansionLoc(def->getLocation()), " __attribute__((no_destroy))");
  pc_.rewriter.InsertTextAfter(afterDeclarationGroup(pc_, def),
                               " static const int __hcc_gv" + std::to_string(id) +
                                   "_at_exit __attribute__((unused)) = hcc_private_destroy_original_at_exit(&" +
                                   descriptor + ", &__dso_handle);");
}

std::string PrivateOriginals::preamble() const {
  std::string text;
  if (any_) text += kStorageTemplate;
  if (anyInternal_) text += kInternalStorageTemplate;
  if (anyDestroyedAtExit_) text += "extern \"C\" void *__dso_handle;\n";  // the module's (C++ ABI)
  return text;
}

}  // namespace hcc::rewriter
