// Pass: loops as kernels, in instrumented and simulated builds.
//
// What only the compiler knows of a loop is how much work one run of it is:
// the iterations of the loops inside it, where their bounds do not change
// while it runs. A model over that work (`work` = iterations x inner
// iterations) predicts a grid ten times larger from runs at one size, where
// a model over a worksharing loop's iterations alone would scale it by its
// rows only.
//
//   #pragma omp for / parallel for ...      HCC_LOOP_WORK(<inner iterations>);
//   for (i = 0; i < n; ++i)             ->  before the directive, when counted
//     for (j = 0; j < m; ++j) ...           (rt/omp/loop_kernels.hpp)
//
//   for (i = 0; i < n; ++i)                 { static hcc_loop_site s = {"loop:f.c:L", 0};
//     for (j = 0; j < m; ++j) ...       ->    if (HCC_LOOP_ENTER(&s, <iterations>, <work>)) for (...) ...
//                                             HCC_LOOP_LEAVE(&s); }
//
// The second form wraps each outermost loop nest of a function (a loop
// with a loop inside it, or calling a function: nest() says which) that runs nothing
// a simulation could not skip: no OpenMP construct, no jump out of it, and
// calls only of functions whose bodies are so (the translation unit's and
// its headers', recursively) or of the C library's mathematical and memory
// functions. Instrumented runs record its runs and simulations with
// HCC_SIM_LOOPS=model charge their model (rt/program/loop_nests.cpp); a
// nest marked `#pragma hcc model` (StatementPragmas.cpp) is wrapped whatever
// it is, and always charged from its model. Natively the macros are the
// loop itself.
//
// A loop whose stores a loop's condition reads (a sweep summing the change
// that ends the time loop) decides how long the program runs: modelled, it
// would not compute it, and the simulated program would take another number
// of steps. Such a nest is not wrapped; such a worksharing loop is
// registered before main (hcc_loop_steers), and HCC_SIM_LOOPS=model runs
// its chunks.
#include <map>
#include <optional>
#include <set>

#include "LoopCounts.hpp"
#include "SteeringStores.hpp"
#include "StmtWalk.hpp"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "hccrewriter/Passes.hpp"

using namespace clang;

namespace hcc::rewriter {
namespace {

class LoopNests {
 public:
  LoopNests(PassContext &pc, LoopSteering conditions) : pc_(pc), conditions_(std::move(conditions)) {}

  // Registers, before main, the worksharing loops that steer (below).
  void finish() {
    if (!constructors_.empty())
      pc_.rewriter.InsertTextAfter(pc_.sm.getLocForEndOfFile(pc_.sm.getMainFileID()), constructors_);
  }

  // Not a `declare target` function: code a target region may call cannot
  // read the thread's skip flag (clang refuses thread-local variables
  // there); its nests are part of its callers' loops, as in a target region.
  void function(const FunctionDecl *f) {
    if (!f->hasBody() || f->isDependentContext() || f->isConstexpr() || !pc_.inMainFile(f->getBeginLoc())) return;
    if (f->hasAttr<OMPDeclareTargetDeclAttr>()) return;
    counters_ = countersOnly(f->getBody());
    walk(f->getBody(), nullptr, false);
  }

  std::string worksharing(const OMPLoopDirective *d) {
    std::optional<std::string> w = inner(d->getBody(), d);
    return w && !w->empty() ? *w : "";
  }

 private:
  // Statements of a function: wraps each outermost nest that qualifies.
  void walk(const Stmt *s, const Stmt *parent, bool inConstruct) {
    if (!s || isa<LambdaExpr, BlockExpr>(s)) return;
    if (auto *d = dyn_cast<OMPExecutableDirective>(s)) {
      if (auto *loop = dyn_cast<OMPLoopDirective>(d); loop && worksharingLoop(loop)) workBefore(loop);
      inConstruct = true;
    }
    if (auto *f = dyn_cast<ForStmt>(s); f && !inConstruct && wrap(f, parent)) return;
    for (const Stmt *c : s->children()) walk(c, s, inConstruct);
    if (auto *cs = dyn_cast<CapturedStmt>(s)) walk(cs->getCapturedStmt(), s, inConstruct);
  }

  static bool worksharingLoop(const OMPLoopDirective *d) {
    return isOpenMPWorksharingDirective(d->getDirectiveKind()) && !isOpenMPTaskLoopDirective(d->getDirectiveKind());
  }

  // HCC_LOOP_WORK before a worksharing loop whose inner loops are counted.
  void workBefore(const OMPLoopDirective *d) {
    if (!pc_.inMainFile(d->getBeginLoc())) return;
    if (steers(d)) {
      const std::string kernel = kernelAt(d->getBeginLoc());
      constructors_ += "\n__attribute__((constructor)) static void hcc_loop_steers_" + std::to_string(next_++) +
                       "(void) { hcc_loop_steers(" + quoted(kernel) + "); }\n";
      pc_.remark(d->getBeginLoc(), "loop '" + kernel + "' runs in simulation even under HCC_SIM_LOOPS=model: " +
                                       kSteers);
    }
    const std::string w = worksharing(d);
    if (w.empty()) return;
    CharSourceRange whole = pc_.constructRange(d);
    pc_.rewriter.InsertTextBefore(whole.getBegin(), "{ HCC_LOOP_WORK(" + w + ");\n" + pc_.lineMarker(pc_.line(whole.getBegin())));
    pc_.rewriter.InsertTextAfterToken(whole.getEnd(), "\n}\n" + pc_.lineMarker(pc_.line(whole.getEnd())));
    pc_.remark(d->getBeginLoc(), "loop '" + kernelAt(d->getBeginLoc()) + "': work per iteration " + w);
  }

  bool wrap(const ForStmt *f, const Stmt *parent) {
    if (f->getBeginLoc().isMacroID() || f->getEndLoc().isMacroID() || !pc_.inMainFile(f->getBeginLoc())) return false;
    // A loop hint (#pragma unroll, clang loop) applies to the statement that follows it.
    if (parent && isa<AttributedStmt>(parent)) return false;
    const bool marked = pc_.modelledLoops.count(f) > 0;
    if (!marked && (containsMarked(f) || !skippable(f->getBody(), 0, true) || !nest(f->getBody()))) return false;
    if (!marked && steers(f)) {
      pc_.remark(f->getBeginLoc(), "loop nest '" + kernelAt(f->getBeginLoc()) + "' runs in simulation: " + kSteers);
      return false;
    }
    const std::optional<Count> c = countOf(f);
    std::string iterations = "1", work = "0";
    if (c && invariant(c->first, f) && invariant(c->bound, f)) {
      iterations = trip(*c);
      std::optional<std::string> w = inner(f->getBody(), f);
      if (w && !w->empty()) work = iterations + " * (" + *w + ")";
    }
    // A loop that calls the file's functions with nests of their own (a time
    // loop calling its kernels), whose work is not counted here, leaves them
    // to be kernels themselves: their models know their sizes, its would not.
    if (!marked && work == "0" && callsNests(f->getBody())) return false;
    const std::string kernel = kernelAt(f->getBeginLoc());
    const std::string site = "hcc_loop_" + std::to_string(next_++);
    CharSourceRange r = pc_.stmtRange(f);
    pc_.rewriter.InsertTextBefore(r.getBegin(), "{ static hcc_loop_site " + site + " = {" + quoted(kernel) + ", " +
                                                    (marked ? "1" : "0") + "}; if (HCC_LOOP_ENTER(&" + site + ", " +
                                                    iterations + ", " + work + ")) { ");
    pc_.rewriter.InsertTextAfterToken(r.getEnd(), " } HCC_LOOP_LEAVE(&" + site + "); }");
    pc_.remark(f->getBeginLoc(), "loop nest '" + kernel + "' (" +
                                     (work != "0" ? "work " + work : "iterations " + iterations) + ")" +
                                     (marked ? ", charged from its model in simulation (#pragma hcc model)" : ""));
    return true;
  }

  // The kernel of the loop at loc, as the runtime names it.
  std::string kernelAt(SourceLocation loc) const {
    return "loop:" + pc_.baseName + ":" + std::to_string(pc_.line(loc));
  }

  static constexpr const char *kSteers =
      "what it stores decides how many times a loop of the program goes round ('#pragma hcc model' before it "
      "charges its model anyway)";

  // The loop (a nest, or a worksharing loop's directive) stores a number
  // that a loop's condition, or an `if` leaving a loop, reads: modelled, it
  // would not compute it, and the program would go round another number of
  // times (a time loop ending when the energy a sweep sums changes little).
  // Its own variables (declared in it, its iteration variables) do not count,
  // nor, for a worksharing loop, those its threads have copies of: in
  // private and firstprivate clauses, and its iteration variables, as old C
  // declares them before the loop (`int r, c;` ... `private(r, c)`: the
  // inner loop's `c < col` read c, and every such loop of Rodinia's kind
  // steered).
  // Likewise a function's variables that serve only as loop counters
  // (countersOnly).
  bool steers(const Stmt *loop) const {
    const std::set<const VarDecl *> copies = threadCopies(loop);
    return storesSteering(
        loop,
        [&](const VarDecl *v) {
          return declaredIn(v, loop) || copies.count(v->getCanonicalDecl()) > 0 ||
                 counters_.count(v->getCanonicalDecl()) > 0;
        },
        conditions_.values, &conditions_.contents);
  }

  // The function's automatic variables every use of which lies in a `for`
  // whose init assigns it (`int i, k;` ... `for (k = 0; k < n; k++)`), their
  // addresses never taken: a skipped nest leaves one as it was, and no code
  // reads that value, since each loop that reads it assigns it first.
  std::set<const VarDecl *> countersOnly(const Stmt *body) const {
    const SourceManager &sm = pc_.sm;
    std::map<const VarDecl *, std::vector<SourceRange>> loops;  // the fors that assign each
    forEach(body, [&](const Stmt *x) {
      auto *f = dyn_cast<ForStmt>(x);
      auto *init = f ? dyn_cast_or_null<BinaryOperator>(f->getInit()) : nullptr;
      const VarDecl *v = init && init->getOpcode() == BO_Assign ? varOf(init->getLHS()) : nullptr;
      bool resumes = false;  // `for (i = i + 1; ...)` reads what the counter was
      if (v) forEach(init->getRHS(), [&](const Stmt *y) { resumes |= varOf(dyn_cast<Expr>(y)) == v; });
      if (v && !resumes && v->hasLocalStorage() && !v->getType().isVolatileQualified())
        loops[v->getCanonicalDecl()].push_back(
            SourceRange(sm.getExpansionLoc(f->getBeginLoc()), sm.getExpansionLoc(f->getEndLoc())));
    });
    std::set<const VarDecl *> others;  // used outside those loops, or their address taken
    forEach(body, [&](const Stmt *x) {
      if (auto *u = dyn_cast<UnaryOperator>(x); u && u->getOpcode() == UO_AddrOf)
        if (const VarDecl *v = varOf(u->getSubExpr())) others.insert(v->getCanonicalDecl());
      auto *ref = dyn_cast<DeclRefExpr>(x);
      auto *v = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
      if (!v || !loops.count(v->getCanonicalDecl())) return;
      const SourceLocation at = sm.getExpansionLoc(ref->getLocation());
      bool inside = false;
      for (const SourceRange &r : loops[v->getCanonicalDecl()])
        inside |= !sm.isBeforeInTranslationUnit(at, r.getBegin()) && !sm.isBeforeInTranslationUnit(r.getEnd(), at);
      if (!inside) others.insert(v->getCanonicalDecl());
    });
    std::set<const VarDecl *> counters;
    for (const auto &[v, ranges] : loops)
      if (!others.count(v)) counters.insert(v);
    return counters;
  }

  // The variables of which a worksharing loop's threads have copies that
  // nothing reads after it (lastprivate ones are read after it). Not the
  // implicit ones: a target region's pointers are firstprivate, and what
  // the loop stores through its copy of A goes into A's elements.
  static std::set<const VarDecl *> threadCopies(const Stmt *s) {
    std::set<const VarDecl *> copies;
    auto *d = dyn_cast<OMPLoopDirective>(s);
    if (!d) return copies;
    auto add = [&](const Expr *e) {
      if (const VarDecl *v = varOf(e)) copies.insert(v->getCanonicalDecl());
    };
    for (const auto *c : d->getClausesOfKind<OMPPrivateClause>())
      if (!c->isImplicit())
        for (const Expr *e : c->varlists()) add(e);
    for (const auto *c : d->getClausesOfKind<OMPFirstprivateClause>())
      if (!c->isImplicit())
        for (const Expr *e : c->varlists()) add(e);
    for (const Expr *e : d->counters()) add(e);
    for (const auto *c : d->getClausesOfKind<OMPLastprivateClause>())
      for (const Expr *e : c->varlists())
        if (const VarDecl *v = varOf(e)) copies.erase(v->getCanonicalDecl());
    return copies;
  }

  bool containsMarked(const Stmt *s) const {
    bool found = false;
    forEach(s, [&](const Stmt *x) { found |= x != s && pc_.modelledLoops.count(x) > 0; });
    return found;
  }

  std::string trip(const Count &c) const { return tripText(c, pc_.exprText(c.first), pc_.exprText(c.bound)); }

  // The iterations of the loops in s for one run of s: their trip counts
  // (times those of the loops inside them), summed; "" when s has no loop,
  // nullopt when one of them is not counted or its bounds may change while
  // root runs (they are evaluated before it).
  std::optional<std::string> inner(const Stmt *s, const Stmt *root) const {
    if (!s) return std::string();
    if (isLoop(s)) {
      auto *f = dyn_cast<ForStmt>(s);
      const std::optional<Count> c = f ? countOf(f) : std::nullopt;
      if (!c || !invariant(c->first, root) || !invariant(c->bound, root)) return std::nullopt;
      std::optional<std::string> body = inner(f->getBody(), root);
      if (!body) return std::nullopt;
      return body->empty() ? trip(*c) : trip(*c) + " * (" + *body + ")";
    }
    if (isa<OMPExecutableDirective, LambdaExpr, BlockExpr>(s)) return std::nullopt;
    std::string sum;
    for (const Stmt *child : s->children()) {
      std::optional<std::string> w = inner(child, root);
      if (!w) return std::nullopt;
      if (!w->empty()) sum += (sum.empty() ? "" : " + ") + *w;
    }
    return sum;
  }

  // A variable of clang's own, which no source can name: a loop
  // transformation's (`#pragma omp tile`'s .floor_0.iv.j, `unroll`'s), whose
  // loops a worksharing loop's body is made of after it.
  static bool generated(const VarDecl *v) {
    return v->isImplicit() || !v->getIdentifier() || v->getName().starts_with(".");
  }

  // e reads only variables declared before root that root does not change,
  // constants and arithmetic: evaluating it again before root gives the
  // value root's loops see.
  bool invariant(const Expr *e, const Stmt *root) const {
    bool ok = true;
    std::set<const VarDecl *> vars;
    forEach(e, [&](const Stmt *x) {
      if (auto *ref = dyn_cast<DeclRefExpr>(x)) {
        if (auto *v = dyn_cast<VarDecl>(ref->getDecl())) {
          ok &= !v->getType().isVolatileQualified() && !declaredIn(v, root) && !generated(v);
          vars.insert(v->getCanonicalDecl());
        } else {
          ok &= isa<EnumConstantDecl>(ref->getDecl());
        }
      } else if (auto *call = dyn_cast<CXXMemberCallExpr>(x)) {
        // v.size(): a const member function without arguments.
        const CXXMethodDecl *m = call->getMethodDecl();
        ok &= m && m->isConst() && call->getNumArgs() == 0;
      } else if (auto *u = dyn_cast<UnaryOperator>(x)) {
        ok &= !u->isIncrementDecrementOp() && u->getOpcode() != UO_AddrOf;
      } else if (auto *b = dyn_cast<BinaryOperator>(x)) {
        ok &= !b->isAssignmentOp() && b->getOpcode() != BO_Comma;
      } else {
        ok &= isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, ImplicitCastExpr, CStyleCastExpr,
                  ParenExpr, MemberExpr, ArraySubscriptExpr, ConditionalOperator, UnaryExprOrTypeTraitExpr,
                  CXXStaticCastExpr, CXXFunctionalCastExpr, MaterializeTemporaryExpr, CXXBoolLiteralExpr>(x);
      }
    });
    return ok && !changesAny(root, vars);
  }

  bool declaredIn(const VarDecl *v, const Stmt *root) const {
    const SourceManager &sm = pc_.sm;
    const SourceLocation at = sm.getExpansionLoc(v->getLocation());
    // A directive's own range ends with its pragma line: its loop's is what
    // declares the variables of the loop's body.
    const Stmt *last = root;
    if (auto *d = dyn_cast<OMPExecutableDirective>(root); d && d->hasAssociatedStmt()) last = d->getAssociatedStmt();
    const SourceLocation b = sm.getExpansionLoc(root->getBeginLoc()), e = sm.getExpansionLoc(last->getEndLoc());
    return !sm.isBeforeInTranslationUnit(at, b) && !sm.isBeforeInTranslationUnit(e, at);
  }

  // s calls a function of the main file that runs a loop of its own (in
  // its body or in what it calls): that loop is a kernel of its own. A
  // function with no loop (a cell's formula calling sin) is not: the loop
  // calling it is the kernel (jacobi's boundary, whose loop was left
  // unmodelled, then timed on folded memory in simulations).
  bool callsNests(const Stmt *s) {
    bool found = false;
    forEach(s, [&](const Stmt *x) {
      auto *call = dyn_cast<CallExpr>(x);
      const FunctionDecl *f = call && call->getDirectCallee() ? call->getDirectCallee()->getDefinition() : nullptr;
      if (f && loops_.count(f) && pc_.inMainFile(f->getLocation()) && runsLoop(f, 0)) found = true;
    });
    return found;
  }

  bool runsLoop(const FunctionDecl *f, int depth) {
    if (depth > 12 || !f->hasBody()) return false;
    bool found = false;
    forEach(f->getBody(), [&](const Stmt *x) {
      if (found) return;
      if (isLoop(x)) found = true;
      auto *call = dyn_cast<CallExpr>(x);
      const FunctionDecl *g = call && call->getDirectCallee() ? call->getDirectCallee()->getDefinition() : nullptr;
      if (g && g != f && loops_.count(g) && runsLoop(g, depth + 1)) found = true;
    });
    return found;
  }

  // s has a loop, or calls a function with one, or calls a function of the
  // main file or a mathematical function of the C library: work enough per
  // iteration that timing each run costs little beside it. Loops of a few
  // arithmetic statements, and calls of header code (an accessor of a C++
  // container), are not enough: timing such a loop run a million times
  // would slow an instrumented run down more than it measures.
  bool nest(const Stmt *s) {
    bool found = false;
    forEach(s, [&](const Stmt *x) {
      if (isLoop(x)) found = true;
      auto *call = dyn_cast<CallExpr>(x);
      const FunctionDecl *f = call ? call->getDirectCallee() : nullptr;
      if (!f) return;
      const FunctionDecl *def = f->getDefinition();
      if (def && (loops_.count(def) || pc_.inMainFile(def->getLocation()))) found = true;
      if (const IdentifierInfo *id = f->getIdentifier(); id && libraryFunctions().count(id->getName().str()) &&
                                                          !id->getName().starts_with("mem"))
        found = true;
    });
    return found;
  }

  // A simulation may skip s: it has no OpenMP construct, no jump out of the
  // loop it is the body of (top: the loop's own level, where `break` ends
  // the nest early; depth > 0: a called function's body), and calls only
  // what may be skipped.
  bool skippable(const Stmt *s, int depth, bool top) {
    if (!s) return true;
    if (isa<OMPExecutableDirective, IndirectGotoStmt, CXXThrowExpr, CXXTryStmt, GCCAsmStmt, MSAsmStmt, CXXNewExpr,
            CXXDeleteExpr, CoreturnStmt, CoroutineBodyStmt>(s))
      return false;
    // A called function's own returns and jumps stay in it.
    if (depth == 0 && (isa<ReturnStmt, GotoStmt>(s) || (isa<BreakStmt>(s) && top))) return false;
    if (auto *call = dyn_cast<CallExpr>(s); call && !callable(call, depth)) return false;
    if (auto *ctor = dyn_cast<CXXConstructExpr>(s); ctor && !function(ctor->getConstructor(), depth)) return false;
    if (isa<LambdaExpr, BlockExpr>(s)) return true;  // a value; what calls it is checked
    const bool childTop = top && !isLoop(s) && !isa<SwitchStmt>(s);
    for (const Stmt *c : s->children())
      if (!skippable(c, depth, childTop)) return false;
    return true;
  }

  bool callable(const CallExpr *call, int depth) {
    const FunctionDecl *f = call->getDirectCallee();
    if (!f) return false;
    if (const IdentifierInfo *id = f->getIdentifier()) {
      const StringRef name = id->getName();
      if (libraryFunctions().count(name.str()) || (name.starts_with("__builtin_") && !name.contains("alloca")))
        return true;
    }
    return function(f, depth);
  }

  // f's body may be skipped (depth: calls followed so far).
  bool function(const FunctionDecl *f, int depth) {
    if (!f) return false;
    if (f->isTrivial()) return true;
    const FunctionDecl *def = f->getDefinition();
    if (!def || !def->hasBody() || depth > 12) return false;
    if (auto it = functions_.find(def); it != functions_.end()) return it->second;
    functions_[def] = true;  // a recursive call is what is being checked
    const bool ok = skippable(def->getBody(), depth + 1, false);
    functions_[def] = ok;
    if (ok && nest(def->getBody())) loops_.insert(def);
    return ok;
  }

  std::set<const VarDecl *> counters_;  // the current function's (countersOnly)
  PassContext &pc_;
  const LoopSteering conditions_;  // what the conditions of loops read (loopConditionReads)
  std::string constructors_;       // hcc_loop_steers registrations
  std::map<const FunctionDecl *, bool> functions_;  // skippable, by definition
  std::set<const FunctionDecl *> loops_;            // skippable ones with a loop
  unsigned next_ = 0;
};

class FunctionCollector : public RecursiveASTVisitor<FunctionCollector> {
 public:
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitFunctionDecl(FunctionDecl *f) {
    if (f->doesThisDeclarationHaveABody()) functions.push_back(f);
    return true;
  }
  std::vector<const FunctionDecl *> functions;
};

}  // namespace

void rewriteLoopNests(PassContext &pc, TranslationUnitDecl *tu) {
  FunctionCollector c;
  c.TraverseDecl(tu);
  LoopNests nests(pc, loopConditionReads(tu, /*exitsOutsideLoops=*/true, /*otherFiles=*/true));
  for (const FunctionDecl *f : c.functions) nests.function(f);
  nests.finish();
}

}  // namespace hcc::rewriter
