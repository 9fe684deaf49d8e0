// Privatisation of the program's globals and statics (simulated MPI
// programs). Every rank of a simulation is an actor of one process, so a
// variable with static storage would be shared by all ranks. Each mutable
// one the main file uses or defines gets a descriptor (hcc/hcc.h:
// hcc_private_var) and each use becomes the running rank's copy:
//
//   counter += 1;   ->   (*(__typeof__(counter) *)hcc_private(&__hcc_gv0)) += 1;
//
// The runtime knows a variable by its address, so the translation units that
// use one (its definition, extern declarations elsewhere) share its copies.
// A rank's copy starts as the original's bytes (constant initialisers), or,
// in C++, is constructed by an init function holding the definition's
// initialiser, which the original then loses (it would run once more at
// start-up). Whatever cannot be privatised is a warning, never silent
// sharing.
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"
#include "hccrewriter/Passes.hpp"

using namespace clang;

namespace hcc::rewriter {

namespace {

struct Use {
  const Expr *expr;         // DeclRefExpr, or MemberExpr naming a static member
  CharSourceRange range;    // its text in the main file
  const Decl *anchor;       // the declaration at namespace scope that holds it
};

struct Variable {
  const VarDecl *var = nullptr;  // canonical declaration
  std::vector<Use> uses;
  const DeclStmt *localDecl = nullptr;  // a function-local static's declaration
  bool excluded = false;
  unsigned id = 0;
  // Where its descriptor goes: in its function after its declaration, in
  // its class, after its first declaration in this file, or before the
  // declaration that first uses it (declared in a header).
  enum Place { Local, InClass, AfterDeclaration, BeforeUse } place = Local;
  const Decl *placeDecl = nullptr;  // the declaration it goes after or before
  std::string qualified;   // the variable's name, from file scope
  std::string descriptor;  // the descriptor's name, from file scope (or in its function)
};

bool hasStaticStorage(const VarDecl *v) {
  return v->getStorageDuration() == SD_Static || v->getStorageDuration() == SD_Thread;
}

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

class Finder : public RecursiveASTVisitor<Finder> {
 public:
  Finder(PassContext &pc, std::map<const VarDecl *, Variable> &vars, const std::map<std::string, SourceLocation> &kept)
      : pc_(pc), vars_(vars), kept_(kept) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseDecl(Decl *d) {
    if (!d) return true;
    // Library headers are not the program's: their code is not rewritten.
    if (d->getLocation().isValid() && pc_.sm.isInSystemHeader(pc_.sm.getExpansionLoc(d->getLocation())))
      return true;
    const Decl *saved = anchor_;
    if (d->getDeclContext() && d->getDeclContext()->isFileContext() && !isa<NamespaceDecl>(d) &&
        !isa<LinkageSpecDecl>(d))
      anchor_ = d;
    bool ok = RecursiveASTVisitor::TraverseDecl(d);
    anchor_ = saved;
    return ok;
  }

  // Unevaluated operands name a variable without reaching it.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc) { return true; }
  bool TraverseTypeOfExprTypeLoc(TypeOfExprTypeLoc) { return true; }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *) { return true; }

  bool TraverseVarDecl(VarDecl *v) {
    const VarDecl *saved = initOwner_;
    if (hasStaticStorage(v) && v->hasInit()) initOwner_ = v;
    bool ok = RecursiveASTVisitor::TraverseVarDecl(v);
    initOwner_ = saved;
    return ok;
  }

  bool VisitDeclStmt(DeclStmt *ds) {
    for (Decl *d : ds->decls())
      if (auto *v = dyn_cast<VarDecl>(d); v && v->isStaticLocal() && candidate(v) && inMain(ds->getBeginLoc()))
        variable(v).localDecl = ds;
    return true;
  }

  bool VisitVarDecl(VarDecl *v) {
    if (hasStaticStorage(v) && !v->isStaticLocal() && candidate(v) && inMain(v->getLocation())) variable(v);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *e) {
    if (auto *v = dyn_cast<VarDecl>(e->getDecl()); v && hasStaticStorage(v) && candidate(v)) use(v, e);
    return true;
  }

  bool VisitMemberExpr(MemberExpr *e) {
    if (auto *v = dyn_cast<VarDecl>(e->getMemberDecl()); v && hasStaticStorage(v) && candidate(v)) use(v, e);
    return true;
  }

  // errno is a macro for the C library's per-thread variable.
  bool VisitCallExpr(CallExpr *e) {
    const FunctionDecl *f = e->getDirectCallee();
    if (f && f->getIdentifier() && f->getName() == "__errno_location" && !warnedErrno_ &&
        inMain(e->getBeginLoc())) {
      warnedErrno_ = true;
      pc_.warning(pc_.sm.getExpansionLoc(e->getBeginLoc()),
                  "errno belongs to the C library, which hccsim does not compile: every rank of a simulation "
                  "shares it (read it right after the call that sets it)");
    }
    return true;
  }

  // Variables named in data-sharing clauses keep their names there, which
  // cannot become a rank's copy.
  bool VisitOMPExecutableDirective(OMPExecutableDirective *d) {
    for (OMPClause *c : d->clauses()) {
      if (!c || c->isImplicit()) continue;
      switch (c->getClauseKind()) {
        case llvm::omp::OMPC_private:
        case llvm::omp::OMPC_firstprivate:
        case llvm::omp::OMPC_lastprivate:
        case llvm::omp::OMPC_shared:
        case llvm::omp::OMPC_reduction:
        case llvm::omp::OMPC_task_reduction:
        case llvm::omp::OMPC_in_reduction:
        case llvm::omp::OMPC_linear:
        case llvm::omp::OMPC_aligned:
        case llvm::omp::OMPC_copyin:
        case llvm::omp::OMPC_copyprivate:
          for (Stmt *child : c->children())
            if (auto *ref = dyn_cast_or_null<DeclRefExpr>(child))
              if (auto *v = dyn_cast<VarDecl>(ref->getDecl()); v && hasStaticStorage(v) && candidate(v))
                exclude(v, ref->getBeginLoc(),
                        "'" + v->getNameAsString() + "' is named in an OpenMP '" +
                            llvm::omp::getOpenMPClauseName(c->getClauseKind()).str() +
                            "' clause, where hccsim cannot put a rank's copy: every rank of a simulation shares it "
                            "(hint: reduce into a local variable, or keep it global with #pragma hcc keep_global)");
          break;
        default: break;
      }
    }
    return true;
  }

  bool VisitOMPThreadPrivateDecl(OMPThreadPrivateDecl *d) {
    for (const Expr *e : d->varlists())
      if (auto *ref = dyn_cast<DeclRefExpr>(e))
        if (auto *v = dyn_cast<VarDecl>(ref->getDecl()); v && candidate(v))
          exclude(v, ref->getBeginLoc(),
                  "'" + v->getNameAsString() + "' is threadprivate: hccsim does not privatise it per rank");
    return true;
  }

 private:
  bool inMain(SourceLocation loc) const { return pc_.inMainFile(loc); }

  // The MPI library's handles (MPI_COMM_WORLD, MPI_INT, ...) are meant to be
  // the same in every rank: SMPI tells the ranks apart itself.
  bool isMpiHandle(const VarDecl *v) const {
    const llvm::StringRef file = pc_.sm.getFilename(pc_.sm.getExpansionLoc(v->getLocation()));
    return file.contains("/smpi/") || llvm::sys::path::filename(file) == "mpi.h";
  }

  // Mutable variables with static storage: const objects with a constant
  // initialiser are the same for every rank, and references are bindings.
  bool candidate(const VarDecl *v) const {
    if (isa<ParmVarDecl>(v) || v->getType()->isReferenceType()) return false;
    const ASTContext &ctx = pc_.ctx;
    if (v->isConstexpr()) return false;
    if (v->getType().isConstant(ctx)) {
      if (!ctx.getLangOpts().CPlusPlus) return false;
      const VarDecl *def = v->getDefinition();
      if (!def || !def->hasInit() || def->hasConstantInitialization()) return false;
    }
    return true;
  }

  Variable &variable(const VarDecl *v) {
    Variable &var = vars_[v->getCanonicalDecl()];
    var.var = v->getCanonicalDecl();
    return var;
  }

  void exclude(const VarDecl *v, SourceLocation loc, const std::string &why) {
    Variable &var = variable(v);
    if (var.excluded) return;
    var.excluded = true;
    if (!kept_.count(v->getNameAsString())) pc_.warning(pc_.sm.getExpansionLoc(loc), why);
  }

  void use(const VarDecl *v, const Expr *e) {
    SourceLocation b = e->getBeginLoc(), end = e->getEndLoc();
    SourceManager &sm = pc_.sm;
    const std::string name = v->getNameAsString();
    if (sm.isInSystemHeader(sm.getExpansionLoc(v->getLocation()))) {
      if (!inMain(b) || isMpiHandle(v)) return;
      exclude(v, b,
              "'" + name + "' is a variable of a library hccsim does not compile (" +
                  sm.getFilename(sm.getExpansionLoc(v->getLocation())).str() +
                  "): every rank of a simulation shares it");
      return;
    }
    if (!inMain(b)) {
      exclude(v, b,
              "'" + name + "' is used in '" + sm.getFilename(sm.getExpansionLoc(b)).str() +
                  "', which hccsim does not rewrite (only the file it compiles): every rank of a simulation would "
                  "share it there, so it is not privatised (hint: move that code into a source file, or keep it "
                  "global with #pragma hcc keep_global)");
      return;
    }
    if (b.isMacroID() || end.isMacroID()) {
      // A macro argument is written where the macro is used: rewritable.
      if (sm.isMacroArgExpansion(b) && sm.isMacroArgExpansion(end)) {
        b = sm.getSpellingLoc(b);
        end = sm.getSpellingLoc(end);
      }
      if (b.isMacroID() || end.isMacroID() || !sm.isWrittenInMainFile(b)) {
        exclude(v, e->getBeginLoc(),
                "'" + name + "' is used inside the body of macro '" +
                    Lexer::getImmediateMacroName(e->getBeginLoc(), sm, pc_.ctx.getLangOpts()).str() +
                    "', which hccsim cannot rewrite: it is not privatised (hint: pass it to the macro as an "
                    "argument)");
        return;
      }
    }
    if (initOwner_ && initOwner_ != v && !pc_.ctx.getLangOpts().CPlusPlus) {
      exclude(v, b,
              "the address of '" + name + "' initialises '" + initOwner_->getNameAsString() +
                  "', a variable with static storage, which must be a constant in C: every rank of a simulation "
                  "shares '" + name + "' (hint: assign '" + initOwner_->getNameAsString() + "' in a function)");
      return;
    }
    if (initOwner_ && initOwner_ != v && !candidate(initOwner_)) {
      exclude(v, b,
              "'" + name + "' initialises '" + initOwner_->getNameAsString() +
                  "', a constant every rank shares: '" + name + "' is not privatised");
      return;
    }
    if (initOwner_ && initOwner_ != v) initRefs.insert(initOwner_->getCanonicalDecl());
    variable(v).uses.push_back({e, CharSourceRange::getTokenRange(b, end), anchor_});
  }

 public:
  std::set<const VarDecl *> initRefs;  // variables whose initialiser uses privatised ones

 private:
  PassContext &pc_;
  std::map<const VarDecl *, Variable> &vars_;
  const std::map<std::string, SourceLocation> &kept_;  // keep_global: excluded without a warning
  const Decl *anchor_ = nullptr;
  const VarDecl *initOwner_ = nullptr;
  bool warnedErrno_ = false;
};

class Privatizer {
 public:
  Privatizer(PassContext &pc, HccPragmaStore &store) : pc_(pc), cxx_(pc.ctx.getLangOpts().CPlusPlus) {
    for (const HccPragma &p : store.pragmas)
      if (p.valid && p.kind == HccPragma::KeepGlobal && pc.inMainFile(p.loc))
        for (const std::string &n : p.names) kept_[n] = p.loc;
  }

  void run(TranslationUnitDecl *tu) {
    Finder finder(pc_, vars_, kept_);
    finder.TraverseDecl(tu);
    initRefs_ = std::move(finder.initRefs);
    std::vector<Variable *> order;
    for (auto &[v, var] : vars_) {
      if (const auto k = kept_.find(v->getNameAsString()); k != kept_.end()) {
        keptUsed_.insert(k->first);
        pc_.remark(k->second, "'" + k->first + "' kept global (keep_global): every rank of a simulation shares it");
      }
      if (var.excluded || !supported(var)) continue;
      order.push_back(&var);
    }
    std::sort(order.begin(), order.end(), [&](const Variable *a, const Variable *b) {
      return pc_.sm.isBeforeInTranslationUnit(firstLoc(*a), firstLoc(*b));
    });
    for (Variable *var : order) {
      var->id = nextId_++;
      name(*var);
    }
    // Initialisers that move into init functions are rewritten there, once.
    for (Variable *var : order)
      if (var->place != Variable::Local && needsInit(var->var) && var->var->getDefinition() &&
          pc_.inMainFile(var->var->getDefinition()->getLocation()))
        stripped_.push_back(initializerOf(var->var->getDefinition()).range);
    for (Variable *var : order) rewriteUses(*var);
    std::sort(useEdits_.begin(), useEdits_.end());
    for (Variable *var : order) emitDescriptor(*var);
    for (const auto &k : kept_)
      if (!keptUsed_.count(k.first))
        pc_.warning(k.second, "'" + k.first + "' in '#pragma hcc keep_global' names no global or static variable "
                                                "of this file");
    finish();
  }

 private:
  SourceLocation firstLoc(const Variable &var) const {
    SourceLocation best = var.var->getLocation();
    for (const VarDecl *r : var.var->redecls())
      if (pc_.inMainFile(r->getLocation()) && pc_.sm.isBeforeInTranslationUnit(r->getLocation(), best))
        best = r->getLocation();
    for (const Use &u : var.uses)
      if (pc_.sm.isBeforeInTranslationUnit(u.range.getBegin(), best)) best = u.range.getBegin();
    return best;
  }

  // Forms hccsim does not privatise get a warning (excluded: not silent).
  bool supported(Variable &var) {
    const VarDecl *v = var.var;
    const std::string name = v->getNameAsString();
    auto unsupported = [&](const std::string &why) {
      pc_.warning(firstLoc(var), "'" + name + "' is not privatised: " + why +
                                     "; every rank of a simulation shares it (hint: #pragma hcc keep_global(" +
                                     name + ") says that is intended)");
      return false;
    };
    if (kept_.count(name)) return false;
    if (var.uses.empty() && !definedInMain(v)) return false;  // declared, never used here
    if (v->getDeclContext()->isDependentContext() || v->getDescribedVarTemplate() ||
        isa<VarTemplateSpecializationDecl>(v) || v->getTemplateInstantiationPattern())
      return unsupported("a template's static variables are not supported");
    if (v->isStaticLocal()) {
      if (!var.localDecl) return unsupported("its declaration is not in this file");
      if (v->getTLSKind() != VarDecl::TLS_None) return unsupported("a function-local thread_local is not supported");
      if (needsInit(v)) return unsupported("a function-local static with a dynamic initialiser or a class type "
                                           "is not supported (make it a namespace-scope variable)");
      return true;
    }
    if (v->isStaticDataMember()) {
      const auto *rd = dyn_cast<CXXRecordDecl>(v->getDeclContext());
      if (!rd || !pc_.inMainFile(rd->getBraceRange().getEnd()) || !pc_.ctx.getLangOpts().CPlusPlus17)
        return unsupported("a class's static members are privatised when the class is defined in this file "
                           "(C++17 or later)");
      if (rd->isLocalClass() || !rd->getIdentifier()) return unsupported("its class is local or unnamed");
    }
    if (needsInit(v)) {
      const VarDecl *def = v->getDefinition();
      if (def && !pc_.inMainFile(def->getLocation()))
        return unsupported("its C++ initialiser is in another file");
      if (def && def->getType()->isArrayType()) return unsupported("an array of a class type is not supported");
    }
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
    if (!t.isTriviallyCopyableType(pc_.ctx) || t.isDestructedType()) return true;
    if (def->hasInit() && !def->hasConstantInitialization()) return true;
    return initRefs_.count(v->getCanonicalDecl()) > 0;
  }

  void name(Variable &var) {
    const VarDecl *v = var.var;
    const std::string d = "__hcc_gv" + std::to_string(var.id);
    if (v->isStaticLocal()) {
      var.place = Variable::Local;
      var.qualified = v->getNameAsString();
      var.descriptor = d;
    } else {
      const DeclContext *scope = nullptr;
      const VarDecl *first = firstDeclInMain(v);
      const Decl *anchor = firstAnchor(var);
      if (v->isStaticDataMember()) {
        var.place = Variable::InClass;
        scope = v->getDeclContext();
      } else if (first && (!anchor || !pc_.sm.isBeforeInTranslationUnit(pc_.sm.getExpansionLoc(anchor->getBeginLoc()),
                                                                         first->getLocation()))) {
        var.place = Variable::AfterDeclaration;
        var.placeDecl = first;
        scope = first->getLexicalDeclContext();
      } else {
        var.place = Variable::BeforeUse;
        var.placeDecl = anchor;
        scope = anchor->getLexicalDeclContext();
      }
      var.qualified = scopePrefix(v->getDeclContext(), cxx_) + v->getNameAsString();
      var.descriptor = scopePrefix(scope, cxx_) + d;
    }
    pc_.privateAccess[v] = "(*(__typeof__(" + var.qualified + ") *)hcc_private(&" + var.descriptor + "))";
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
  const Decl *firstAnchor(const Variable &var) const {
    const Use *first = nullptr;
    for (const Use &u : var.uses)
      if (!first || pc_.sm.isBeforeInTranslationUnit(u.range.getBegin(), first->range.getBegin())) first = &u;
    return first ? first->anchor : nullptr;
  }

  void rewriteUses(const Variable &var) {
    const std::string &access = pc_.privateAccess[var.var];
    std::set<unsigned> done;  // a use the AST holds twice (OpenMP captures) is rewritten once
    for (const Use &u : var.uses) {
      const unsigned offset = pc_.sm.getFileOffset(u.range.getBegin());
      if (!done.insert(offset).second) continue;
      const unsigned length = pc_.rewriter.getRangeSize(u.range);
      useEdits_.emplace_back(offset, length, access);
      bool stripped = false;
      for (const CharSourceRange &r : stripped_) stripped |= inside(offset, r);
      if (!stripped) pc_.rewriter.ReplaceText(u.range, access);
    }
  }


  // The location just after the ';' that ends the declaration group holding
  // a declaration at namespace scope.
  SourceLocation afterDeclaration(const Decl *d) const {
    const SourceManager &sm = pc_.sm;
    const LangOptions &lo = pc_.ctx.getLangOpts();
    SourceLocation loc = sm.getExpansionLoc(d->getEndLoc());
    int depth = 0;
    for (int guard = 0; guard < 100000; ++guard) {
      std::optional<Token> t = Lexer::findNextToken(loc, sm, lo);
      if (!t || t->is(tok::eof)) break;
      if (t->isOneOf(tok::l_paren, tok::l_brace, tok::l_square)) ++depth;
      if (t->isOneOf(tok::r_paren, tok::r_brace, tok::r_square)) --depth;
      if (depth <= 0 && t->is(tok::semi)) return t->getEndLoc();
      loc = t->getLocation();
    }
    return Lexer::getLocForEndOfToken(sm.getExpansionLoc(d->getEndLoc()), 0, sm, lo);
  }

  std::string descriptorText(const Variable &var, const std::string &init, const std::string &destroy,
                             bool inClass) const {
    const VarDecl *v = var.var;
    const std::string d = "__hcc_gv" + std::to_string(var.id);
    const bool tls = v->getTLSKind() != VarDecl::TLS_None;
    // A thread-local's address is not a constant: the registration sets it.
    const std::string original = tls ? "0" : "(void *)&" + var.qualified;
    const std::string where = pc_.baseName + ":" + std::to_string(pc_.line(firstLoc(var))) + ": " +
                              v->getNameAsString();
    return std::string(inClass ? "static inline " : "static ") + "hcc_private_var " + d + " = {" + original +
           ", sizeof(" + var.qualified + "), __alignof__(" + var.qualified + "), " + init + ", " + destroy + ", " +
           quoted(where) + ", -1};";
  }

  void emitDescriptor(Variable &var) {
    const VarDecl *v = var.var;
    const std::string d = "__hcc_gv" + std::to_string(var.id);
    pc_.remark(firstLoc(var), "'" + v->getNameAsString() + "' privatised: each rank of a simulation has its own copy");
    if (var.place == Variable::Local) {
      SourceLocation at = Lexer::getLocForEndOfToken(pc_.sm.getExpansionLoc(var.localDecl->getEndLoc()), 0, pc_.sm,
                                                     pc_.ctx.getLangOpts());
      pc_.rewriter.InsertTextAfter(at, " " + descriptorText(var, "0", "0", false));
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
    }
    switch (var.place) {
      case Variable::InClass: {
        const auto *rd = cast<CXXRecordDecl>(v->getDeclContext());
        SourceLocation close = pc_.sm.getExpansionLoc(rd->getBraceRange().getEnd());
        pc_.rewriter.InsertText(close, "\npublic: " + functions + descriptorText(var, init, destroy, true) + "\n" +
                                           pc_.lineMarker(pc_.line(close)));
        break;
      }
      case Variable::AfterDeclaration:
        pc_.rewriter.InsertTextAfter(afterDeclaration(var.placeDecl),
                                     " " + functions + descriptorText(var, init, destroy, false));
        break;
      default: {
        SourceLocation at = pc_.sm.getExpansionLoc(var.placeDecl->getBeginLoc());
        pc_.rewriter.InsertTextBefore(at, functions + descriptorText(var, init, destroy, false) + "\n" +
                                              pc_.lineMarker(pc_.line(at)));
      }
    }
    registered_.push_back(&var);
  }

  // The initialiser of a C++ definition as the text that follows the type
  // in `new (p) T ...`; the definition keeps `{}` (value-initialised) so that
  // its own initialiser does not run at start-up for a rank that never exists.
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

  // The initialiser of a C++ definition as the text that follows the type
  // in `new (p) T ...`, with the uses of privatised variables in it reaching
  // the rank's copies; the definition keeps `{}` (value-initialised), so that
  // its own initialiser does not run at start-up for a rank that never
  // exists. Uses inside it were left to this (stripped_): one edit per range.
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
    pc_.rewriter.ReplaceText(in.range, "{}");
    return in.bracketed ? text : "(" + text + ")";
  }


  void finish() {
    if (needsNew_)
      pc_.rewriter.InsertTextBefore(pc_.sm.getLocForStartOfFile(pc_.sm.getMainFileID()), "#include <new>\n");
    if (registered_.empty()) return;
    std::string list, fixups;
    for (const Variable *var : registered_) {
      list += (list.empty() ? "&" : ", &") + var->descriptor;
      if (var->var->getTLSKind() != VarDecl::TLS_None)
        fixups += var->descriptor + ".original = (void *)&" + var->qualified + "; ";
    }
    pc_.rewriter.InsertTextAfter(
        pc_.sm.getLocForEndOfFile(pc_.sm.getMainFileID()),
        "\nstatic hcc_private_var *const __hcc_gv_unit[] = {" + list +
            "};\n__attribute__((constructor)) static void __hcc_gv_register(void) { " + fixups +
            "hcc_private_register(__hcc_gv_unit, " + std::to_string(registered_.size()) + "); }\n");
  }

  PassContext &pc_;
  const bool cxx_;
  std::map<const VarDecl *, Variable> vars_;
  std::set<const VarDecl *> initRefs_;
  std::map<std::string, SourceLocation> kept_;
  std::set<std::string> keptUsed_;
  std::vector<const Variable *> registered_;
  std::vector<CharSourceRange> stripped_;  // initialisers moved into init functions
  std::vector<std::tuple<unsigned, unsigned, std::string>> useEdits_;  // (offset, length, text), by offset
  unsigned nextId_ = 0;
  bool needsNew_ = false;
};

}  // namespace

void privatizeGlobals(PassContext &pc, HccPragmaStore &store, TranslationUnitDecl *tu) {
  Privatizer(pc, store).run(tu);
}

}  // namespace hcc::rewriter
