// Privatisation of the program's globals and statics (simulated programs).
// Every rank of a simulation is an actor of one process, so a variable with
// static storage would be shared by all ranks. Each mutable one the main
// file uses or defines gets a descriptor (hcc/hcc.h: hcc_private_var) and
// each use becomes the running rank's copy, which lies at a shift from the
// original that the runtime sets when the rank's actors run:
//
//   counter += 1;   ->   HCC_PRIVATE(counter) += 1;
//
// The runtime knows a variable by its address, so the translation units that
// use one (its definition, extern declarations elsewhere) share its copies.
// A rank's copy starts as the original's bytes (constant initialisers), or,
// in C++, is constructed by an init function holding the definition's
// initialiser (a function-local static, on the rank's first pass:
// PrivateLocalStatics.hpp). In a simulated build of a file that declares
// MPI_Init the original loses that initialiser (it would run once more at
// start-up, for no rank; a class object's original is left unconstructed:
// PrivateOriginals.hpp); a file without MPI may be in a program without
// ranks, and a native build has none: they use the originals.
// Whatever cannot be privatised is a warning, never silent sharing: in a
// file without MPI, one that a simulation of several ranks prints.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "PrivateLocalStatics.hpp"
#include "PrivateOriginals.hpp"
#include "PrivateVariables.hpp"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "hccrewriter/Passes.hpp"

using namespace clang;

namespace hcc::rewriter {

namespace {

// A type without its reference (std::remove_reference_t, without a header).
constexpr const char *kUnref =
    "template <class T> struct __hcc_unref { typedef T type; }; template <class T> struct __hcc_unref<T &> { "
    "typedef T type; }; template <class T> using __hcc_unref_t = typename __hcc_unref<T>::type;\n";

// A variable's descriptor, as declared (unqualified).
std::string descriptorName(const PrivateVariable &var) { return "__hcc_gv" + std::to_string(var.id); }

// The prefix that names declarations of a context from file scope:
// "::ns::Class::" in C++, "" in C. Anonymous namespaces are found without
// their (absent) name.
std::string scopePrefix(const DeclContext *dc, bool cxx) {
  if (!cxx) return "";
  std::string prefix;
  for (; dc && !dc->isTranslationUnit(); dc = dc->getParent()) {
    if (auto *ns = dyn_cast<NamespaceDecl>(dc)) {
      if (!ns->isAnonymousNamespace()) prefix = ns->getNameAsString() + "::" + prefix;
    } else if (auto *rd = dyn_cast<RecordDecl>(dc)) {
      prefix = rd->getNameAsString() + "::" + prefix;
    }
  }
  return "::" + prefix;
}

class Privatizer {
 public:
  Privatizer(PassContext &pc, HccPragmaStore &store) : pc_(pc), cxx_(pc.ctx.getLangOpts().CPlusPlus) {
    for (const HccPragma &p : store.pragmas)
      if (p.valid && p.kind == HccPragma::KeepGlobal && pc.inMainFile(p.loc))
        for (const std::string &n : p.names) kept_[n] = p.loc;
  }

  void run(TranslationUnitDecl *tu) {
    mpi_ = !tu->lookup(DeclarationName(&pc_.ctx.Idents.get("MPI_Init"))).empty();
    pc_.deferSharingWarnings = !mpi_;
    // Natively (-fhcc-privatize to measure it) the program uses the
    // originals: they keep their initialisers.
    strip_ = mpi_ && pc_.simulate;
    PrivateVariables found = findPrivateVariables(pc_, tu, kept_);
    vars_ = std::move(found.vars);
    initRefs_ = std::move(found.initRefs);
    decltypes_ = std::move(found.decltypes);
    targets_ = std::move(found.targets);
    std::vector<PrivateVariable *> order;
    for (auto &[v, var] : vars_) {
      if (const auto k = kept_.find(v->getNameAsString()); k != kept_.end()) {
        keptUsed_.insert(k->first);
        pc_.remark(k->second, "'" + k->first + "' kept global (keep_global): every rank of a simulation shares it");
      }
      if (var.excluded || var.readOnly || !supported(var)) continue;
      order.push_back(&var);
    }
    std::sort(order.begin(), order.end(), [&](const PrivateVariable *a, const PrivateVariable *b) {
      return pc_.sm.isBeforeInTranslationUnit(firstLoc(*a), firstLoc(*b));
    });
    for (PrivateVariable *var : order) {
      var->id = nextId_++;
      name(*var);
    }
    // Initialisers that move into init functions are rewritten there, once.
    std::vector<const VarDecl *> constructedPerRank;
    for (PrivateVariable *var : order)
      if (constructedOnPass(*var))
        stripped_.push_back(initializerOf(var->var).range);
      else if (strip_ && var->place != PrivateVariable::Local && needsInit(var->var) && var->var->getDefinition() &&
               pc_.inMainFile(var->var->getDefinition()->getLocation())) {
        stripped_.push_back(initializerOf(var->var->getDefinition()).range);
        constructedPerRank.push_back(var->var->getDefinition());
      }
    originals_.choose(constructedPerRank);
    for (PrivateVariable *var : order) keepDeclaredType(*var);  // before the edits whose ranges may hold them
    for (PrivateVariable *var : order) rewriteUses(*var);
    pointTargetsAtCopies();
    std::sort(useEdits_.begin(), useEdits_.end());
    for (PrivateVariable *var : order) emitDescriptor(*var);
    for (const auto &k : kept_)
      if (!keptUsed_.count(k.first))
        pc_.warning(k.second, "'" + k.first + "' in '#pragma hcc keep_global' names no global or static variable "
                                                "of this file");
    finish();
  }

 private:
  SourceLocation firstLoc(const PrivateVariable &var) const {
    SourceLocation best = var.var->getLocation();
    for (const VarDecl *r : var.var->redecls())
      if (pc_.inMainFile(r->getLocation()) && pc_.sm.isBeforeInTranslationUnit(r->getLocation(), best))
        best = r->getLocation();
    for (const PrivateUse &u : var.uses)
      if (pc_.sm.isBeforeInTranslationUnit(u.range.getBegin(), best)) best = u.range.getBegin();
    return best;
  }

  // A target region reaches the ranks' copies through variables declared
  // before its directive and named in a firstprivate clause added to it
  // (which defaultmap(none) needs): `{ __typeof__(v) *const __hcc_tpN =
  // &HCC_PRIVATE(v);` ... `}`, its uses `(*__hcc_tpN)`. Clang maps what a
  // target region names (a member's or an element's base must be a
  // variable, which a rank's copy, an address computed from the
  // original's, is not). What the region takes a copy of (a scalar it does
  // not map) gets a copy of the rank's instead, `__typeof__(v) __hcc_tpN =
  // HCC_PRIVATE(v);`, used as `__hcc_tpN`: the region writes its own copy,
  // as natively.
  void pointTargetsAtCopies() {
    for (const auto &[target, vars] : targetPointers_) {
      const TargetConstruct &t = targets_[target];
      std::string decls, names;
      for (const auto &[var, name] : vars) {
        const std::string &access = pc_.privateAccess[var->var];
        if (!t.copied.count(var->var))
          decls += "__typeof__(" + var->qualified + ") *const " + name + " = &" + access + "; ";
        else if (var->var->getType()->isArrayType())
          decls += "__typeof__(" + var->qualified + ") " + name + "; __builtin_memcpy(&" + name + ", &" + access +
                   ", sizeof " + name + "); ";
        else
          decls += "__typeof__(" + var->qualified + ") " + name + " = " + access + "; ";
        names += (names.empty() ? "" : ", ") + name;
      }
      const SourceLocation begin = t.construct.getBegin();
      const std::string indent(pc_.sm.getExpansionColumnNumber(begin) - 1, ' ');  // the directive's columns stay
      pc_.rewriter.InsertTextBefore(begin, "{ " + decls + "\n" + pc_.lineMarker(pc_.line(begin)) + indent);
      pc_.rewriter.InsertTextBefore(t.directive.getEnd(), " firstprivate(" + names + ")");
      pc_.rewriter.InsertTextAfterToken(t.construct.getEnd(), " }");
    }
  }

  // The name of the variable a target region reaches var's copy through.
  const std::string &targetName(size_t target, const PrivateVariable &var) {
    std::vector<std::pair<const PrivateVariable *, std::string>> &names = targetPointers_[target];
    for (const auto &[v, name] : names)
      if (v == &var) return name;
    return names.emplace_back(&var, "__hcc_tp" + std::to_string(nextPointer_++)).second;
  }

  // The target construct whose region (not its directive) holds a use of a
  // variable declared before it (not a static of the region's own code).
  std::optional<size_t> targetRegionOf(unsigned offset, const PrivateVariable &var) const {
    const SourceLocation declaration = pc_.sm.getExpansionLoc(var.var->getLocation());
    const bool inMain = pc_.sm.isInMainFile(declaration);
    const unsigned declared = inMain ? pc_.sm.getFileOffset(declaration) : 0;
    for (size_t i = 0; i < targets_.size(); ++i) {
      const TargetConstruct &t = targets_[i];
      if (!t.macro && inside(offset, t.construct) && !inside(offset, t.directive) &&
          !(inMain && inside(declared, t.construct)))
        return i;
    }
    return std::nullopt;
  }

  // Forms hccsim does not privatise get a warning (excluded: not silent).
  bool supported(PrivateVariable &var) {
    const VarDecl *v = var.var;
    const std::string name = v->getNameAsString();
    auto unsupported = [&](const std::string &why) {
      pc_.sharingWarning(firstLoc(var), "'" + name + "' is not privatised: " + why +
                                     "; every rank of a simulation shares it (hint: #pragma hcc keep_global(" +
                                     name + ") says that is intended)");
      return false;
    };
    if (kept_.count(name)) return false;
    if (var.uses.empty() && !definedInMain(v)) return false;  // declared, never used here
    // A function template's statics are rewritten in its pattern, which
    // each instantiation copies (the uses found are the pattern's); a class
    // template's static member would need its descriptor instantiated with
    // it, which nothing that uses the member asks for.
    if (v->getDescribedVarTemplate() || isa<VarTemplateSpecializationDecl>(v))
      return unsupported("a variable template is not supported");
    if (!v->isStaticLocal() && (v->getDeclContext()->isDependentContext() || v->getTemplateInstantiationPattern()))
      return unsupported("a class template's static members are not supported");
    if (v->isStaticLocal()) {
      if (!var.localDecl) return unsupported("its declaration is not in this file");
      if (needsInit(v))
        if (const std::string why = locals_.unsupported(v, var.localDecl); !why.empty()) return unsupported(why);
      return true;
    }
    if (v->isStaticDataMember()) {
      const auto *rd = dyn_cast<CXXRecordDecl>(v->getDeclContext());
      if (!rd || rd->isLocalClass() || !rd->getIdentifier()) return unsupported("its class is local or unnamed");
      if (!describedInClass(v) && !publicFromFileScope(v))
        return unsupported("a class's static members are privatised when the class is defined in this file "
                           "(C++17 or later) or the member is public");
    }
    if (needsInit(v)) {
      const VarDecl *def = v->getDefinition();
      if (def && !pc_.inMainFile(def->getLocation()))
        return unsupported("its C++ initialiser is in another file");
      if (def && def->getType()->isArrayType()) return unsupported("an array of a class type is not supported");
    }
    return true;
  }

  // The rewrite declares some names as references to their storage (a
  // local static constructed per rank, an internal original left
  // unconstructed), which decltype of the name would give:
  // `decltype(table)::const_iterator` did not compile, and `decltype(hist)
  // copy = hist;` bound a reference. The reference is removed again
  // (__hcc_unref_t, which a nested name may start with, as decltype).
  void keepDeclaredType(const PrivateVariable &var) {
    const VarDecl *def = var.var->getDefinition();
    const bool reference = constructedOnPass(var) || (def && originals_.becomesReference(def));
    const auto found = decltypes_.find(var.var);
    if (!reference || found == decltypes_.end()) return;
    for (SourceRange r : found->second) {
      pc_.rewriter.InsertTextBefore(r.getBegin(), "__hcc_unref_t<");
      pc_.rewriter.InsertTextAfterToken(r.getEnd(), ">");
      unref_ = true;
    }
  }

  // A class static's descriptor goes in its class where this file defines
  // the class (an inline member, C++17), so that it may name a private
  // member; elsewhere at file scope, where it names a public one.
  bool describedInClass(const VarDecl *v) const {
    const auto *rd = dyn_cast<CXXRecordDecl>(v->getDeclContext());
    return rd && pc_.inMainFile(rd->getBraceRange().getEnd()) && pc_.ctx.getLangOpts().CPlusPlus17;
  }

  static bool publicFromFileScope(const VarDecl *v) {
    if (v->getAccess() != AS_public) return false;
    for (const DeclContext *dc = v->getDeclContext(); const auto *rd = dyn_cast<CXXRecordDecl>(dc);
         dc = rd->getParent())
      if (rd->getAccess() != AS_public && rd->getAccess() != AS_none) return false;
    return true;
  }

  bool definedInMain(const VarDecl *v) const {
    const VarDecl *def = v->getDefinition();
    if (!def) def = v->getActingDefinition();
    return def && pc_.inMainFile(def->getLocation());
  }

  // C++ variables whose copies are constructed rather than copied: a
  // dynamic initialiser, a type that cannot be copied bytewise, or an
  // initialiser that uses other privatised variables.
  bool needsInit(const VarDecl *v) const {
    if (!cxx_) return false;
    const VarDecl *def = v->getDefinition();
    if (!def) return false;  // defined elsewhere: that file constructs it
    QualType t = def->getType();
    // A template's: what it is depends on the instantiation (constructed
    // per rank, whatever its type).
    if (t->isDependentType() || (def->hasInit() && def->getInit()->isValueDependent())) return true;
    if (!t.isTriviallyCopyableType(pc_.ctx) || t.isDestructedType()) return true;
    if (def->hasInit() && !def->hasConstantInitialization()) return true;
    return initRefs_.count(v->getCanonicalDecl()) > 0;
  }

  // A function-local static each rank constructs on its first pass
  // (PrivateLocalStatics.hpp), rather than bytes copied at its start.
  bool constructedOnPass(const PrivateVariable &var) const {
    return var.place == PrivateVariable::Local && needsInit(var.var);
  }

  void name(PrivateVariable &var) {
    const VarDecl *v = var.var;
    const std::string d = descriptorName(var);
    if (v->isStaticLocal()) {
      var.place = PrivateVariable::Local;
      var.descriptor = d;
      if (constructedOnPass(var)) {  // its storage's
        var.qualified = PrivateLocalStatics::storageName(var.id);
        pc_.privateAccess[v] = "HCC_PRIVATE(" + var.qualified + ").value";
        return;
      }
      var.qualified = v->getNameAsString();
    } else {
      const DeclContext *scope = nullptr;
      const VarDecl *first = firstDeclInMain(v);
      const Decl *anchor = firstAnchor(var);
      if (v->isStaticDataMember() && describedInClass(v)) {
        var.place = PrivateVariable::InClass;
        scope = v->getDeclContext();
      } else if (first && (!anchor || !pc_.sm.isBeforeInTranslationUnit(pc_.sm.getExpansionLoc(anchor->getBeginLoc()),
                                                                         first->getLocation()))) {
        var.place = PrivateVariable::AfterDeclaration;
        var.placeDecl = first;
        scope = first->getLexicalDeclContext();
      } else {
        var.place = PrivateVariable::BeforeUse;
        var.placeDecl = anchor;
        scope = anchor->getLexicalDeclContext();
      }
      if (var.place != PrivateVariable::InClass && !needsInit(v) && declaredTarget(v)) {
        var.place = PrivateVariable::EndOfFile;
        scope = nullptr;
      }
      var.qualified = scopePrefix(v->getDeclContext(), cxx_) + v->getNameAsString();
      var.descriptor = scopePrefix(scope, cxx_) + d;
    }
    pc_.privateAccess[v] = "HCC_PRIVATE(" + var.qualified + ")";
  }

  // Named by an OpenMP `declare target` directive (on the host, where
  // target regions run, it changes nothing).
  static bool declaredTarget(const VarDecl *v) {
    for (const VarDecl *r : v->redecls())
      if (r->hasAttr<OMPDeclareTargetDeclAttr>()) return true;
    return false;
  }

  const VarDecl *firstDeclInMain(const VarDecl *v) const {
    const VarDecl *first = nullptr;
    for (const VarDecl *r : v->redecls())
      if (pc_.inMainFile(r->getLocation()) && r->getLexicalDeclContext()->isFileContext() &&
          (!first || pc_.sm.isBeforeInTranslationUnit(r->getLocation(), first->getLocation())))
        first = r;
    return first;
  }

  // The declaration at namespace scope holding the first use, if any.
  const Decl *firstAnchor(const PrivateVariable &var) const {
    const PrivateUse *first = nullptr;
    for (const PrivateUse &u : var.uses)
      if (!first || pc_.sm.isBeforeInTranslationUnit(u.range.getBegin(), first->range.getBegin())) first = &u;
    return first ? first->anchor : nullptr;
  }

  void rewriteUses(const PrivateVariable &var) {
    const std::string &access = pc_.privateAccess[var.var];
    // A use the AST holds twice (OpenMP captures; a target region's copy of
    // `ns::v` spans `v` alone) is rewritten once, as its longest range.
    // An expression clang made (a target loop's captured bound, located at
    // its `for`) has a range whose text is not the name.
    std::vector<std::tuple<unsigned, unsigned, const PrivateUse *>> uses;
    for (const PrivateUse &u : var.uses)
      if (Lexer::getSourceText(u.range, pc_.sm, pc_.ctx.getLangOpts()).ends_with(var.var->getName()))
        uses.emplace_back(pc_.sm.getFileOffset(u.range.getBegin()), pc_.rewriter.getRangeSize(u.range), &u);
    std::sort(uses.begin(), uses.end(), [](const auto &a, const auto &b) {
      return std::get<0>(a) != std::get<0>(b) ? std::get<0>(a) < std::get<0>(b) : std::get<1>(a) > std::get<1>(b);
    });
    unsigned covered = 0;  // the end of the last use rewritten
    for (const auto &[offset, length, use] : uses) {
      if (offset < covered) continue;
      covered = offset + length;
      const PrivateUse &u = *use;
      useEdits_.emplace_back(offset, length, access);
      bool stripped = false;
      for (const CharSourceRange &r : stripped_) stripped |= inside(offset, r);
      if (stripped) continue;
      if (const std::optional<size_t> target = targetRegionOf(offset, var)) {
        const std::string &name = targetName(*target, var);
        pc_.rewriter.ReplaceText(u.range, targets_[*target].copied.count(var.var) ? name : "(*" + name + ")");
      } else {
        pc_.rewriter.ReplaceText(u.range, access);
      }
    }
  }

  std::string descriptorText(const PrivateVariable &var, const std::string &init, const std::string &destroy,
                             bool inClass) const {
    const VarDecl *v = var.var;
    const std::string where = pc_.baseName + ":" + std::to_string(pc_.line(firstLoc(var))) + ": " +
                              v->getNameAsString();
    // A function-local static is out of reach of the file's registration:
    // the linker collects its descriptor.
    const std::string section =
        var.place == PrivateVariable::Local ? " __attribute__((used, section(\"hcc_private_locals\")))" : "";
    // An array declared without its bound (`extern double field[];`) has
    // no size here: the registration at the end of the file sets it where
    // this file defines the array; else the definition's descriptor does.
    const std::string size = sizedLater(var) ? "0" : "sizeof(" + var.qualified + ")";
    return std::string(inClass ? "static inline " : "static ") + "hcc_private_var " + descriptorName(var) +
           section + " = {(void *)__builtin_addressof(" + var.qualified + "), " + size + ", " + init + ", " +
           destroy + ", " + quoted(where) + "};";
  }

  // Whether a declaration of the variable has an incomplete type, so that
  // sizeof may not be written where its descriptor goes.
  static bool sizedLater(const PrivateVariable &var) {
    if (var.place == PrivateVariable::Local) return false;  // a local static's type is complete
    for (const VarDecl *r : var.var->redecls())
      if (r->getType()->isIncompleteType()) return true;
    return false;
  }

  void emitDescriptor(PrivateVariable &var) {
    const VarDecl *v = var.var;
    const std::string d = descriptorName(var);
    pc_.remark(firstLoc(var), "'" + v->getNameAsString() + "' privatised: each rank of a simulation has its own copy");
    if (constructedOnPass(var)) {
      locals_.rewrite(v, var.localDecl, descriptorText(var, "0", "0", false), initializerText(v), var.id);
      needsNew_ = hasLocals_ = true;
      return;
    }
    if (var.place == PrivateVariable::Local) {
      SourceLocation at = Lexer::getLocForEndOfToken(pc_.sm.getExpansionLoc(var.localDecl->getEndLoc()), 0, pc_.sm,
                                                     pc_.ctx.getLangOpts());
      pc_.rewriter.InsertTextAfter(at, " " + descriptorText(var, "0", "0", false));
      hasLocals_ = true;
      return;
    }
    std::string init = "0", destroy = "0", functions;
    if (needsInit(v)) {
      init = d + "_init";
      destroy = d + "_destroy";
      functions = "static void " + init + "(void *p) { typedef __typeof__(" + var.qualified + ") T; ::new (p) T" +
                  initializerText(v->getDefinition()) + "; } static void " + destroy +
                  "(void *p) { typedef __typeof__(" + var.qualified + ") T; static_cast<T *>(p)->~T(); } ";
      needsNew_ = true;
      if (strip_) stripOriginal(var);
    }
    switch (var.place) {
      case PrivateVariable::InClass: {
        const auto *rd = cast<CXXRecordDecl>(v->getDeclContext());
        SourceLocation close = pc_.sm.getExpansionLoc(rd->getBraceRange().getEnd());
        pc_.rewriter.InsertText(close, "\npublic: " + functions + descriptorText(var, init, destroy, true) + "\n" +
                                           pc_.lineMarker(pc_.line(close)));
        break;
      }
      case PrivateVariable::AfterDeclaration:
        pc_.rewriter.InsertTextAfter(afterDeclarationGroup(pc_, var.placeDecl),
                                     " " + functions + descriptorText(var, init, destroy, false));
        break;
      case PrivateVariable::EndOfFile: endDescriptors_ += descriptorText(var, init, destroy, false) + "\n"; break;
      default: {
        SourceLocation at = pc_.sm.getExpansionLoc(var.placeDecl->getBeginLoc());
        pc_.rewriter.InsertTextBefore(at, functions + descriptorText(var, init, destroy, false) + "\n" +
                                              pc_.lineMarker(pc_.line(at)));
      }
    }
    // After the descriptor, which the registration names.
    if (!strip_ && pc_.simulate && needsInit(v))
      originals_.destroyOnlyWithoutRanks(v->getDefinition(), var.descriptor, var.id);
    registered_.push_back(&var);
  }

  // Where a C++ definition's initialiser is written: the range that
  // follows the declarator (`= e`'s e, `(args)`, `{args}`) and whether it
  // holds its own parentheses or braces. Invalid for `T x;`.
  struct Initializer {
    CharSourceRange range;
    bool bracketed = false;
  };
  Initializer initializerOf(const VarDecl *def) const {
    Initializer in;
    const Expr *e = def ? def->getInit() : nullptr;
    if (!e) return in;
    auto whole = [&] {
      return CharSourceRange::getTokenRange(pc_.sm.getExpansionLoc(e->getBeginLoc()),
                                            pc_.sm.getExpansionLoc(e->getEndLoc()));
    };
    if (def->getInitStyle() == VarDecl::CInit) {
      in.range = whole();
      in.bracketed = isa<InitListExpr>(e->IgnoreImplicit());
      return in;
    }
    in.bracketed = true;
    if (auto *ce = dyn_cast<CXXConstructExpr>(e->IgnoreImplicit())) {
      if (ce->getParenOrBraceRange().isValid()) in.range = CharSourceRange::getTokenRange(ce->getParenOrBraceRange());
      return in;  // `T x;`: an implicit default construction, nothing written
    }
    in.range = whole();
    return in;
  }

  bool inside(unsigned offset, const CharSourceRange &r) const {
    if (r.isInvalid()) return false;
    const unsigned b = pc_.sm.getFileOffset(r.getBegin());
    const unsigned e = pc_.sm.getFileOffset(pc_.sm.getExpansionLoc(r.getEnd()));
    return offset >= b && offset <= e;
  }

  // In a simulated build of a file with MPI, the original of a variable
  // each rank constructs is no rank's: its own initialiser does not run at
  // start-up. A class object is left unconstructed (PrivateOriginals),
  // another value-initialised (`{}`), but for one whose type its
  // initialiser deduces (`auto`), which keeps it.
  void stripOriginal(const PrivateVariable &var) {
    const VarDecl *def = var.var->getDefinition();
    const CharSourceRange init = initializerOf(def).range;
    if (originals_.chosen(def)) originals_.rewrite(def, init, var.qualified, var.id);
    else if (init.isValid() && !def->getType()->getContainedDeducedType()) pc_.rewriter.ReplaceText(init, "{}");
  }

  // The initialiser of a C++ definition as the text that follows the type
  // in `new (p) T ...`, with the uses of privatised variables in it reaching
  // the rank's copies; uses inside it were left to this (stripped_): one
  // edit per range.
  std::string initializerText(const VarDecl *def) {
    const Initializer in = initializerOf(def);
    if (in.range.isInvalid()) return "";
    const unsigned begin = pc_.sm.getFileOffset(in.range.getBegin());
    std::string text = pc_.text(in.range);
    for (auto it = useEdits_.rbegin(); it != useEdits_.rend(); ++it) {  // from the end: offsets stay valid
      const auto &[offset, length, replacement] = *it;
      if (offset >= begin && offset + length <= begin + text.size())
        text.replace(offset - begin, length, replacement);
    }
    return in.bracketed ? text : "(" + text + ")";
  }


  void finish() {
    if (needsNew_)
      pc_.rewriter.InsertTextBefore(pc_.sm.getLocForStartOfFile(pc_.sm.getMainFileID()),
                                    "#include <new>\n" + originals_.preamble() + locals_.preamble() +
                                        (unref_ ? kUnref : ""));
    // The object says it was privatised: hccsim's link warns of the
    // variables of objects and libraries that were not (drivers/hccsim.in).
    std::string tail = "static const char __hcc_privatised __attribute__((used, section(\"hcc_privatised\"))) = 1;\n" +
                       endDescriptors_;
    for (size_t i = 0; i < pc_.deferredSharingWarnings.size(); ++i)
      tail += "static const char *const __hcc_unprivatised" + std::to_string(i) +
              " __attribute__((used, section(\"hcc_unprivatised\"))) = " + quoted(pc_.deferredSharingWarnings[i]) +
              ";\n";
    // The sections of the module the file is linked into: the executable's
    // or a shared library's (each has its own).
    std::string module;
    if (hasLocals_ || !pc_.deferredSharingWarnings.empty())
      module = "hcc_private_register_module(__start_hcc_private_locals, __stop_hcc_private_locals, "
               "__start_hcc_unprivatised, __stop_hcc_unprivatised); ";
    if (registered_.empty() && !module.empty())
      tail += "__attribute__((constructor(101))) static void __hcc_gv_register(void) { " + module + "}\n";
    if (!registered_.empty()) {
      std::string list, sizes;
      for (const PrivateVariable *var : registered_) {
        list += (list.empty() ? "&" : ", &") + var->descriptor;
        // The end of the file sees the bound a later definition gave.
        if (sizedLater(*var) && !var->var->getMostRecentDecl()->getType()->isIncompleteType())
          sizes += var->descriptor + ".size = sizeof(" + var->qualified + "); ";
      }
      tail += "static hcc_private_var *const __hcc_gv_unit[] = {" + list +
              "};\n__attribute__((constructor(101))) static void __hcc_gv_register(void) { " + sizes +
              "hcc_private_register(__hcc_gv_unit, " + std::to_string(registered_.size()) + "); " + module + "}\n";
    }
    if (!tail.empty()) pc_.rewriter.InsertTextAfter(pc_.sm.getLocForEndOfFile(pc_.sm.getMainFileID()), "\n" + tail);
  }

  PassContext &pc_;
  PrivateOriginals originals_{pc_};
  PrivateLocalStatics locals_{pc_};
  const bool cxx_;
  std::map<const VarDecl *, PrivateVariable> vars_;
  std::string endDescriptors_;  // the EndOfFile ones
  std::vector<TargetConstruct> targets_;
  // By target construct, in the order of the variables' first uses: the
  // pointer to each variable's copy its region uses, or its copy of it.
  std::map<size_t, std::vector<std::pair<const PrivateVariable *, std::string>>> targetPointers_;
  unsigned nextPointer_ = 0;
  std::set<const VarDecl *> initRefs_;
  std::map<const VarDecl *, std::vector<SourceRange>> decltypes_;
  std::map<std::string, SourceLocation> kept_;
  std::set<std::string> keptUsed_;
  std::vector<const PrivateVariable *> registered_;
  bool hasLocals_ = false;  // a function-local static's descriptor is in section hcc_private_locals
  std::vector<CharSourceRange> stripped_;  // initialisers moved into init functions or constructing statements
  std::vector<std::tuple<unsigned, unsigned, std::string>> useEdits_;  // (offset, length, text), by offset
  unsigned nextId_ = 0;
  bool needsNew_ = false;
  bool unref_ = false;  // kUnref is needed
  bool mpi_ = false;    // the file declares MPI_Init
  bool strip_ = false;  // a simulated build of such a file: initialisers move to init functions
};

}  // namespace

void privatizeGlobals(PassContext &pc, HccPragmaStore &store, TranslationUnitDecl *tu) {
  Privatizer(pc, store).run(tu);
}

}  // namespace hcc::rewriter
