// Finds what the privatisation pass rewrites (PrivateVariables.hpp).
#include "PrivateVariables.hpp"

#include <optional>
#include <set>

#include "StmtWalk.hpp"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace hcc::rewriter {

namespace {

bool hasStaticStorage(const VarDecl *v) { return v->getStorageDuration() == SD_Static; }

class Finder : public RecursiveASTVisitor<Finder> {
 public:
  Finder(PassContext &pc, std::map<const VarDecl *, PrivateVariable> &vars, const std::map<std::string, SourceLocation> &kept)
      : pc_(pc), vars_(vars), kept_(kept) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseDecl(Decl *d) {
    if (!d) return true;
    // Library headers are not the program's: their code is not rewritten.
    if (pc_.inLibraryHeader(d->getLocation())) return true;
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
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc tl) {
    const auto *ref = dyn_cast<DeclRefExpr>(tl.getUnderlyingExpr());
    const auto *v = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    const SourceRange r = tl.getLocalSourceRange();
    if (v && hasStaticStorage(v) && r.isValid() && !r.getBegin().isMacroID() && !r.getEnd().isMacroID() &&
        inMain(r.getBegin()))
      decltypes[v->getCanonicalDecl()].push_back(r);
    return true;
  }
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
    if (clauseNames_.count(e)) return true;
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
      pc_.sharingWarning(pc_.sm.getExpansionLoc(e->getBeginLoc()),
                  "errno belongs to the C library, which hccsim does not compile: every rank of a simulation "
                  "shares it (read it right after the call that sets it)");
    }
    return true;
  }

  // Variables named in data-sharing clauses keep their names there, which
  // cannot become a rank's copy. Target regions are listed (TargetConstruct).
  bool VisitOMPExecutableDirective(OMPExecutableDirective *d) {
    std::optional<TargetConstruct> target;
    if (isOpenMPTargetExecutionDirective(d->getDirectiveKind()) && d->hasAssociatedStmt() && inMain(d->getBeginLoc()))
      target = TargetConstruct{pc_.constructRange(d), pc_.pragmaRange(d), d->getBeginLoc().isMacroID(), {}};
    for (OMPClause *c : d->clauses()) {
      if (!c) continue;
      // Clang's own clauses name what the region uses (the uses themselves).
      if (c->isImplicit()) {
        if (target && c->getClauseKind() == llvm::omp::OMPC_firstprivate)
          for (Stmt *child : c->children())
            if (const DeclRefExpr *ref = namedIn(child))
              if (auto *v = dyn_cast<VarDecl>(ref->getDecl())) target->copied.insert(v->getCanonicalDecl());
        continue;
      }
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
        case llvm::omp::OMPC_detach:            // an event handle variable, as clang requires
        case llvm::omp::OMPC_is_device_ptr:     // a copy in the region, as firstprivate
        case llvm::omp::OMPC_use_device_ptr:    // the region's own, as private
        case llvm::omp::OMPC_use_device_addr:
          for (Stmt *child : c->children())
            if (const DeclRefExpr *ref = namedIn(child))
              if (auto *v = dyn_cast<VarDecl>(ref->getDecl()); v && hasStaticStorage(v) && candidate(v))
                exclude(v, ref->getBeginLoc(),
                        "'" + v->getNameAsString() + "' is named in an OpenMP '" +
                            llvm::omp::getOpenMPClauseName(c->getClauseKind()).str() +
                            "' clause, where hccsim cannot put a rank's copy: every rank of a simulation shares it "
                            "(hint: reduce into a local variable, or keep it global with #pragma hcc keep_global)");
          break;
        // Target constructs run on the host, where a mapped variable is the
        // variable itself: the clause keeps its name, which clang requires,
        // and the region's uses are the rank's copy (a target region is
        // outlined with the variable's address, as a parallel region).
        case llvm::omp::OMPC_map:
        case llvm::omp::OMPC_to:
        case llvm::omp::OMPC_from:
        case llvm::omp::OMPC_has_device_addr:
          for (Stmt *child : c->children())
            if (const DeclRefExpr *ref = namedIn(child, true)) clauseNames_.insert(ref);
          break;
        default: break;
      }
    }
    if (target) targets.push_back(std::move(*target));
    return true;
  }

 private:
  bool inMain(SourceLocation loc) const { return pc_.inMainFile(loc); }

  // The variable a clause's item names: itself, or the array an array
  // section or element of it is in (`reduction(+ : hist[2:4])`).
  // A map clause's item may also be a member of it (`map(to: grid.cells[0:n])`).
  static const DeclRefExpr *namedIn(Stmt *item, bool members = false) {
    auto *e = dyn_cast_or_null<Expr>(item);
    while (e) {
      e = e->IgnoreParenImpCasts();
      if (auto *section = dyn_cast<ArraySectionExpr>(e)) e = section->getBase();
      else if (auto *element = dyn_cast<ArraySubscriptExpr>(e)) e = element->getBase();
      else if (auto *member = dyn_cast<MemberExpr>(e); member && members) e = member->getBase();
      else break;
    }
    return dyn_cast_or_null<DeclRefExpr>(e);
  }

  // The MPI library's handles (MPI_COMM_WORLD, MPI_INT, ...) are meant to be
  // the same in every rank: SMPI tells the ranks apart itself.
  bool isMpiHandle(const VarDecl *v) const {
    const llvm::StringRef file = pc_.sm.getFilename(pc_.sm.getExpansionLoc(v->getLocation()));
    return file.contains("/smpi/") || llvm::sys::path::filename(file) == "mpi.h";
  }

  // Mutable variables with static storage: const objects with a constant
  // initialiser are the same for every rank, and references are bindings.
  // Thread-local and threadprivate variables are not: every simulated thread
  // (a rank's main, its team threads and workers) has its own system thread
  // when the program has them (sim_platform.cpp), so each already has its
  // copy, as natively.
  bool candidate(const VarDecl *v) const {
    if (isa<ParmVarDecl>(v) || v->getType()->isReferenceType()) return false;
    if (v->getTLSKind() != VarDecl::TLS_None || v->hasAttr<OMPThreadPrivateDeclAttr>()) return false;
    const ASTContext &ctx = pc_.ctx;
    if (v->isConstexpr()) return false;
    if (v->getType().isConstant(ctx)) {
      if (!ctx.getLangOpts().CPlusPlus) return false;
      const VarDecl *def = v->getDefinition();
      if (!def || !def->hasInit() || def->hasConstantInitialization()) return false;
    }
    return true;
  }

  PrivateVariable &variable(const VarDecl *v) {
    PrivateVariable &var = vars_[v->getCanonicalDecl()];
    var.var = v->getCanonicalDecl();
    return var;
  }

  void exclude(const VarDecl *v, SourceLocation loc, const std::string &why) {
    PrivateVariable &var = variable(v);
    if (var.excluded) return;
    var.excluded = true;
    if (!kept_.count(v->getNameAsString())) pc_.sharingWarning(pc_.sm.getExpansionLoc(loc), why);
  }

  void use(const VarDecl *v, const Expr *e) {
    SourceLocation b = e->getBeginLoc(), end = e->getEndLoc();
    SourceManager &sm = pc_.sm;
    const std::string name = v->getNameAsString();
    if (pc_.inLibraryHeader(v->getLocation())) {
      // The standard streams are shared as natively every rank's output
      // goes to one terminal: no warning for each fprintf(stderr, ...) or
      // std::cout << ... (LULESH's report).
      static const std::set<std::string> cxxStreams{"cin", "cout", "cerr", "clog", "wcin", "wcout", "wcerr", "wclog"};
      if (!inMain(b) || isMpiHandle(v) || name == "stdin" || name == "stdout" || name == "stderr" ||
          (v->isInStdNamespace() && cxxStreams.count(name)))
        return;
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
  std::map<const VarDecl *, std::vector<SourceRange>> decltypes;
  std::vector<TargetConstruct> targets;

  // A region whose directive a macro writes cannot get the pointers to the
  // ranks' copies: the variables it uses stay shared, with a warning.
  void excludeUsesInMacroTargets() {
    for (const TargetConstruct &t : targets) {
      if (!t.macro) continue;
      for (auto &[v, var] : vars_)
        for (const PrivateUse &u : var.uses)
          if (!pc_.sm.isBeforeInTranslationUnit(u.range.getBegin(), t.construct.getBegin()) &&
              pc_.sm.isBeforeInTranslationUnit(u.range.getBegin(), t.construct.getEnd())) {
            exclude(v, u.range.getBegin(),
                    "'" + v->getNameAsString() +
                        "' is used in a target region whose directive a macro writes, where hccsim cannot put a "
                        "rank's copy: every rank of a simulation shares it (hint: write the directive, or keep it "
                        "global with #pragma hcc keep_global)");
            break;
          }
    }
  }

 private:
  PassContext &pc_;
  std::map<const VarDecl *, PrivateVariable> &vars_;
  const std::map<std::string, SourceLocation> &kept_;  // keep_global: excluded without a warning
  const Decl *anchor_ = nullptr;
  const VarDecl *initOwner_ = nullptr;
  bool warnedErrno_ = false;
  std::set<const DeclRefExpr *> clauseNames_;  // the names map-like clauses keep
};

// A variable only this translation unit can name (static, in an anonymous
// namespace, a function's static), of arithmetic or enumeration type, with a
// constant initialiser, whose every use reads its value: it holds that value
// in every rank, so it needs no copy. Natively the compiler folds such a
// variable into the code (a division by a `static int B = 128` becomes a
// shift); its rank's copy, reached through hcc_private_shift, would be a
// load and a real division in every iteration, and the simulation would
// charge bursts 2-3 times the native run's. Any other use (an assignment,
// an increment, its address taken, a reference bound to it, a dependent
// expression in a template) keeps it privatised.
bool readOnly(ASTContext &ctx, const PrivateVariable &var) {
  const VarDecl *v = var.var;
  if (var.excluded || v->isExternallyVisible() || v->isStaticDataMember()) return false;
  const QualType type = v->getType();
  if (type.isVolatileQualified() || !(type->isArithmeticType() || type->isEnumeralType())) return false;
  const VarDecl *def = v->getDefinition();
  if (!def || (def->hasInit() && !def->hasConstantInitialization())) return false;
  for (const PrivateUse &use : var.uses) {
    if (!isa<DeclRefExpr>(use.expr)) return false;
    DynTypedNodeList parents = ctx.getParents(*use.expr);
    while (parents.size() == 1 && parents[0].get<ParenExpr>()) parents = ctx.getParents(parents[0]);
    const auto *cast = parents.size() == 1 ? parents[0].get<ImplicitCastExpr>() : nullptr;
    if (!cast || cast->getCastKind() != CK_LValueToRValue) return false;
  }
  return true;
}

}  // namespace

PrivateVariables findPrivateVariables(PassContext &pc, TranslationUnitDecl *tu,
                                      const std::map<std::string, SourceLocation> &kept) {
  PrivateVariables found;
  Finder finder(pc, found.vars, kept);
  finder.TraverseDecl(tu);
  finder.excludeUsesInMacroTargets();
  found.initRefs = std::move(finder.initRefs);
  found.decltypes = std::move(finder.decltypes);
  found.targets = std::move(finder.targets);
  for (auto &[v, var] : found.vars) var.readOnly = readOnly(pc.ctx, var);
  return found;
}

SourceLocation afterDeclarationGroup(const PassContext &pc, const Decl *d) {
  const SourceManager &sm = pc.sm;
  const LangOptions &lo = pc.ctx.getLangOpts();
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

}  // namespace hcc::rewriter
