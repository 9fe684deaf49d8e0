// A task's work, counted where the task is created: the parameter `work`
// of a task that has no `#pragma hcc params`, which its model is keyed and
// fitted on (a simulation at ten times the size then charges ten times a
// task, where one model for every size charged the calibrated size's).
//
//   for (b = 0; b < nb; b++)                 work = hcc_loop_trip(0, (bs), 1, 0)
//   #pragma omp task firstprivate(b)    ->       * (hcc_loop_trip(0, m, 1, 0))
//   scale(&a[b * bs], bs);                   (scale: for (i = 0; i < n; i++)
//                                                   for (j = 0; j < m; j++) ...)
//
// A loop counts where its bounds are arithmetic on values the task has when
// it is created (its firstprivate scalars, the creating function's
// variables and parameters, globals, a called function's parameters through
// their arguments, the body's own variables through their initialisers)
// that its body does not change; not on array elements or
// what a pointer points to, which a task that runs before it may still
// write. A body with a loop that does not count this way, or calling a
// function whose body the compiler does not see (a library's, another
// file's), has no work: its own loops would say nothing of its size. Calls
// of the C library's mathematical and memory functions, and of system
// headers' code (std::min, a container's accessors), count for nothing.
#include "TaskWork.hpp"

#include <map>
#include <optional>
#include <set>

#include "LoopCounts.hpp"
#include "StmtWalk.hpp"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace hcc::rewriter {
namespace {

// The texts that stand for a called function's parameters (its call's
// arguments) and for the body's own variables read in a bound (their
// initialisers).
using Arguments = std::map<const VarDecl *, std::string>;

bool mathOrMemory(const FunctionDecl *f) {
  const IdentifierInfo *id = f->getIdentifier();
  return id && (libraryFunctions().count(id->getName().str()) || id->getName().starts_with("__builtin_"));
}

class WorkCounter {
 public:
  explicit WorkCounter(PassContext &pc) : pc_(pc) {}

  // Where a statement runs: the task's body, or a called function's (whose
  // parameters have the arguments' texts, those that have one).
  struct Frame {
    const Stmt *root;
    const Arguments *args;  // nullptr in the task's body
  };

  // The iterations of the loops s runs, summed; "" when none, nullopt when
  // one of them does not count.
  std::optional<std::string> of(const Stmt *s, const Frame &frame, int depth) {
    if (!s) return std::string();
    if (auto *f = dyn_cast<ForStmt>(s)) {
      const std::optional<Count> c = countOf(f);
      if (!c) return std::nullopt;
      const std::optional<std::string> first = value(c->first, frame), bound = value(c->bound, frame);
      if (!first || !bound) return std::nullopt;
      const std::optional<std::string> body = of(f->getBody(), frame, depth);
      if (!body) return std::nullopt;
      const std::string trip = tripText(*c, *first, *bound);
      return body->empty() ? trip : trip + " * (" + *body + ")";
    }
    if (isLoop(s) || isa<OMPExecutableDirective, LambdaExpr, BlockExpr, GotoStmt, IndirectGotoStmt>(s))
      return std::nullopt;
    std::string sum;
    auto add = [&sum](const std::optional<std::string> &w) {
      if (w && !w->empty()) sum += (sum.empty() ? "" : " + ") + *w;
      return w.has_value();
    };
    // An expression holds no loop but in a lambda or a statement
    // expression: its calls, found without recursion (an expression of
    // 50,000 terms is as deep).
    if (isa<Expr>(s)) {
      bool ok = true;
      forEach(s, [&](const Stmt *x) {
        if (!ok) return;
        if (isa<LambdaExpr, BlockExpr, StmtExpr>(x)) ok = false;
        else if (auto *call = dyn_cast<CallExpr>(x)) ok = add(called(call, frame, depth));
      });
      return ok ? std::optional<std::string>(sum) : std::nullopt;
    }
    for (const Stmt *child : s->children())
      if (!add(of(child, frame, depth))) return std::nullopt;
    return sum;
  }

 private:
  // What a call runs beside its arguments.
  std::optional<std::string> called(const CallExpr *call, const Frame &frame, int depth) {
    const FunctionDecl *f = call->getDirectCallee();
    if (!f) return std::nullopt;  // through a pointer: not seen
    if (mathOrMemory(f) || pc_.sm.isInSystemHeader(pc_.sm.getExpansionLoc(f->getLocation()))) return std::string();
    const FunctionDecl *def = f->getDefinition();
    if (!def || !def->hasBody() || !pc_.inMainFile(def->getLocation()) || def->isDependentContext() ||
        isa<CXXOperatorCallExpr>(call) || depth > 8 || !calling_.insert(def).second)
      return std::nullopt;
    Arguments args;
    for (unsigned i = 0; i < call->getNumArgs() && i < def->getNumParams(); ++i)
      if (std::optional<std::string> v = value(call->getArg(i), frame))
        args[def->getParamDecl(i)->getCanonicalDecl()] = *v;
    std::optional<std::string> w = of(def->getBody(), Frame{def->getBody(), &args}, depth + 1);
    calling_.erase(def);
    return w;
  }

  // e's text where the task is created, when it has the value there that
  // it has where it runs (frame's root does not change what it reads). A
  // variable of the body's own that nothing assigns after its initialiser
  // is its initialiser's text (`long end = ...; for (i = b * bs; i < end;
  // ...)`), where that has such a value. depth: initialisers followed.
  std::optional<std::string> value(const Expr *e, const Frame &frame, int depth = 0) const {
    bool ok = true;
    std::set<const VarDecl *> vars;
    Arguments locals;
    forEach(e, [&](const Stmt *x) {
      if (!ok) return;
      if (auto *ref = dyn_cast<DeclRefExpr>(x)) {
        if (auto *v = dyn_cast<VarDecl>(ref->getDecl())) {
          vars.insert(v->getCanonicalDecl());
          switch (known(v, frame)) {
            case Known::kNo:
              ok = false;
              break;
            case Known::kOwn: {
              const std::optional<std::string> init = depth < 8 ? value(v->getInit(), frame, depth + 1) : std::nullopt;
              if (init) locals[v->getCanonicalDecl()] = *init;
              else ok = false;
              break;
            }
            case Known::kYes:
              break;
          }
        } else {
          ok &= isa<EnumConstantDecl>(ref->getDecl());
        }
      } else if (auto *call = dyn_cast<CXXMemberCallExpr>(x)) {
        // v.size(): a const member function without arguments of an object.
        const CXXMethodDecl *m = call->getMethodDecl();
        auto *member = dyn_cast<MemberExpr>(call->getCallee()->IgnoreParenImpCasts());
        ok &= m && m->isConst() && call->getNumArgs() == 0 && member && !member->isArrow();
      } else if (auto *u = dyn_cast<UnaryOperator>(x)) {
        ok &= !u->isIncrementDecrementOp() && u->getOpcode() != UO_AddrOf && u->getOpcode() != UO_Deref;
      } else if (auto *b = dyn_cast<BinaryOperator>(x)) {
        ok &= !b->isAssignmentOp() && b->getOpcode() != BO_Comma;
      } else if (auto *m = dyn_cast<MemberExpr>(x)) {
        ok &= !m->isArrow();
      } else {
        ok &= isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, ImplicitCastExpr, CStyleCastExpr, ParenExpr,
                  ConditionalOperator, UnaryExprOrTypeTraitExpr, CXXStaticCastExpr, CXXFunctionalCastExpr,
                  MaterializeTemporaryExpr, CXXBoolLiteralExpr>(x);
      }
    });
    if (!ok || changesAny(frame.root, vars)) return std::nullopt;
    if (frame.args) locals.insert(frame.args->begin(), frame.args->end());
    return pc_.exprText(e, locals);
  }

  // Whether v holds, where the task is created, what frame's code reads: a
  // scalar or an object not declared in the task's body (nor in the called
  // function, whose parameters count where their arguments did: kYes), a
  // scalar the body declares with an initialiser (kOwn: its initialiser
  // may), or neither.
  enum class Known { kNo, kYes, kOwn };
  Known known(const VarDecl *v, const Frame &frame) const {
    const QualType type = v->getType().getNonReferenceType();
    // An object's members and size() count ('.' only: value's checks).
    if (type.isVolatileQualified() || !(type->isArithmeticType() || type->isEnumeralType() || type->isRecordType()))
      return Known::kNo;
    if (v->isImplicit() || !v->getIdentifier()) return Known::kNo;
    if (isa<ParmVarDecl>(v) && frame.args) return frame.args->count(v->getCanonicalDecl()) ? Known::kYes : Known::kNo;
    const SourceManager &sm = pc_.sm;
    const SourceLocation at = sm.getExpansionLoc(v->getLocation());
    const SourceLocation b = sm.getExpansionLoc(frame.root->getBeginLoc()), e = sm.getExpansionLoc(frame.root->getEndLoc());
    if (sm.isBeforeInTranslationUnit(at, b) || sm.isBeforeInTranslationUnit(e, at)) return Known::kYes;
    const bool own = v->hasLocalStorage() && v->getInit() && type->isArithmeticType() && !isa<ParmVarDecl>(v);
    return own ? Known::kOwn : Known::kNo;
  }

  PassContext &pc_;
  std::set<const FunctionDecl *> calling_;  // the calls being followed: recursion has no count
};

}  // namespace

std::string taskWork(PassContext &pc, const OMPTaskDirective *d) {
  const Stmt *body = d->getInnermostCapturedStmt()->getCapturedStmt();
  WorkCounter counter(pc);
  const std::optional<std::string> w = counter.of(body, WorkCounter::Frame{body, nullptr}, 0);
  return w ? *w : std::string();
}

}  // namespace hcc::rewriter
