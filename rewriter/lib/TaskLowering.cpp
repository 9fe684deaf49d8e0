// Pass: lowers `#pragma omp task` (and taskwait/taskyield) to the hccsim C ABI.
//
// A task becomes an outlined static function + argument struct + codelet,
// placed before the enclosing function, and a submission block at the
// pragma's place. Shared variables travel as pointers and are spelled
// (*__hcc_a->name) in the outlined body; firstprivate ones are copied into
// the argument block and read from a local copy of the same name; private
// ones are locals of the outlined body. Which variable is which comes from
// clang's Sema (explicit and implicit data-sharing clauses).
#include <algorithm>
#include <functional>
#include <sstream>

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "hccrewriter/Passes.hpp"

using namespace clang;

namespace hcc::rewriter {

namespace {

// Calls fn on every statement below s (s included), descending into the
// structured blocks and the lowered clause expressions of OpenMP directives.
template <class Fn>
void forEachStmt(const Stmt *s, Fn &&fn);

std::vector<const Expr *> clauseExprs(const OMPExecutableDirective *d) {
  std::vector<const Expr *> out;
  for (const OMPClause *c : d->clauses()) {
    if (auto *dep = dyn_cast<OMPDependClause>(c))
      for (const Expr *e : dep->varlists()) out.push_back(e);
    else if (auto *p = dyn_cast<OMPPriorityClause>(c))
      out.push_back(p->getPriority());
    else if (auto *i = dyn_cast<OMPIfClause>(c))
      out.push_back(i->getCondition());
  }
  return out;
}

template <class Fn>
void forEachStmt(const Stmt *s, Fn &&fn) {
  if (!s) return;
  fn(s);
  if (auto *d = dyn_cast<OMPExecutableDirective>(s)) {
    for (const Expr *e : clauseExprs(d)) forEachStmt(e, fn);
    if (d->hasAssociatedStmt()) forEachStmt(d->getStructuredBlock(), fn);
    return;
  }
  for (const Stmt *c : s->children()) forEachStmt(c, fn);
}

bool isTaskConstruct(const Stmt *s) { return isa<OMPTaskDirective>(s) || isa<OMPTaskwaitDirective>(s); }

// An expression that can follow & or sizeof without parentheses.
bool isPostfix(const Expr *e) {
  e = e->IgnoreImpCasts();
  return isa<DeclRefExpr>(e) || isa<ArraySubscriptExpr>(e) || isa<MemberExpr>(e) || isa<ParenExpr>(e) ||
         isa<CallExpr>(e) || isa<IntegerLiteral>(e);
}

std::string paren(const std::string &t, const Expr *e) { return isPostfix(e) ? t : "(" + t + ")"; }

// A type that names a struct/union/enum or typedef declared inside a function:
// not visible where the outlined function is placed.
bool usesLocalType(QualType t) {
  while (true) {
    if (auto *td = t->getAs<TypedefType>())
      if (td->getDecl()->getDeclContext()->isFunctionOrMethod()) return true;
    const Type *ty = t.getTypePtr();
    if (auto *tag = ty->getAsTagDecl())
      if (tag->getDeclContext()->isFunctionOrMethod()) return true;
    if (ty->isPointerType())
      t = ty->getPointeeType();
    else if (ty->isArrayType())
      t = QualType(ty->getPointeeOrArrayElementType(), 0);
    else
      return false;
  }
}

const char *modeName(OpenMPDependClauseKind k) {
  switch (k) {
    case OMPC_DEPEND_in:
      return "HCC_R";
    case OMPC_DEPEND_out:
      return "HCC_W";
    case OMPC_DEPEND_inout:
      return "HCC_RW";
    case OMPC_DEPEND_inoutset:
      return "HCC_INOUTSET";
    case OMPC_DEPEND_mutexinoutset:
      return "HCC_COMMUTE";
    default:
      return "HCC_RW";
  }
}

}  // namespace

bool containsTaskConstructs(const Stmt *s) {
  bool found = false;
  forEachStmt(s, [&](const Stmt *x) { found = found || isTaskConstruct(x); });
  return found;
}

void TaskLowering::collectTaskFunctions(const std::vector<FunctionDecl *> &functions) {
  std::map<const FunctionDecl *, std::set<const FunctionDecl *>> callees;
  for (FunctionDecl *fd : functions) {
    const FunctionDecl *key = fd->getCanonicalDecl();
    auto &cs = callees[key];
    forEachStmt(fd->getBody(), [&](const Stmt *s) {
      if (isTaskConstruct(s)) pc_.taskFunctions.insert(key);
      if (auto *ce = dyn_cast<CallExpr>(s))
        if (auto *f = ce->getDirectCallee()) cs.insert(f->getCanonicalDecl());
    });
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (auto &[f, cs] : callees) {
      if (pc_.taskFunctions.count(f)) continue;
      for (auto *c : cs)
        if (pc_.taskFunctions.count(c)) {
          pc_.taskFunctions.insert(f);
          changed = true;
          break;
        }
    }
  }
}

void TaskLowering::runOnFunction(FunctionDecl *fd) {
  currentFunction_ = fd;
  outlined_.clear();
  needsPrototype_ = false;
  Scope top;
  top.rewriter = &pc_.rewriter;
  walk(fd->getBody(), top);
  if (outlined_.empty() || pc_.hadError()) return;
  // `extern "C" void f() {...}`: the outlined code goes before `extern "C"`.
  const Decl *outer = fd;
  if (auto *ls = dyn_cast<LinkageSpecDecl>(fd->getDeclContext()); ls && !ls->hasBraces()) outer = ls;
  SourceLocation begin = pc_.sm.getExpansionLoc(outer->getBeginLoc());
  std::string pre;
  if (needsPrototype_ && !fd->getPreviousDecl())
  {
    std::string proto =
        pc_.text(CharSourceRange::getCharRange(begin, pc_.sm.getExpansionLoc(fd->getBody()->getBeginLoc())));
    while (!proto.empty() && isspace(static_cast<unsigned char>(proto.back()))) proto.pop_back();
    pre += proto + ";\n";
  }
  for (auto &o : outlined_) pre += o;
  pre += pc_.lineMarker(pc_.line(begin));
  pc_.rewriter.InsertTextBefore(begin, pre);
}

std::string TaskLowering::exprText(const Expr *e, const Scope &scope) {
  // A character range: Rewriter::getRewrittenText measures a token range's
  // last token in the original text, which cuts a replaced last token short.
  SourceLocation end = Lexer::getLocForEndOfToken(pc_.sm.getExpansionLoc(e->getEndLoc()), 0, pc_.sm,
                                                  pc_.ctx.getLangOpts());
  CharSourceRange r = CharSourceRange::getCharRange(pc_.sm.getExpansionLoc(e->getBeginLoc()), end);
  if (scope.subst.empty()) return pc_.text(r);
  Rewriter tmp(pc_.sm, pc_.ctx.getLangOpts());
  forEachStmt(e, [&](const Stmt *s) {
    auto *dre = dyn_cast<DeclRefExpr>(s);
    if (!dre) return;
    auto it = scope.subst.find(dyn_cast<VarDecl>(dre->getDecl()));
    if (it != scope.subst.end())
      tmp.ReplaceText(CharSourceRange::getTokenRange(pc_.sm.getSpellingLoc(dre->getLocation())), it->second);
  });
  return tmp.getRewrittenText(r);
}

void TaskLowering::walk(Stmt *s, Scope &scope) {
  if (!s) return;
  if (auto *d = dyn_cast<OMPExecutableDirective>(s)) {
    using namespace llvm::omp;
    switch (d->getDirectiveKind()) {
      case OMPD_task: {
        pc_.loweredTasks.insert(d);
        if (!checkTaskClauses(pc_, d)) return;
        std::string block = lowerTask(cast<OMPTaskDirective>(d), scope);
        if (block.empty()) return;
        CharSourceRange r = pc_.constructRange(d);
        block += "\n" + pc_.lineMarker(pc_.line(r.getEnd()));
        scope.rewriter->ReplaceText(r, block);
        pc_.remark(d->getBeginLoc(), "lowered 'omp task' to " + lastLowered_);
        return;
      }
      case OMPD_taskwait: {
        pc_.loweredTasks.insert(d);
        if (!checkTaskClauses(pc_, d)) return;
        // With depend items: waits for the tasks submitted so far that access
        // them (at least the ones OpenMP waits for: their predecessors).
        std::string waits;
        for (const OMPClause *c : d->clauses())
          if (auto *dep = dyn_cast<OMPDependClause>(c))
            for (const Expr *e : dep->varlists()) waits += " hcc_wait_handle(" + dependHandle(e, scope) + ");";
        scope.rewriter->ReplaceText(pc_.pragmaRange(d), waits.empty() ? "hcc_taskwait();" : "{" + waits + " }");
        pc_.remark(d->getBeginLoc(), waits.empty() ? "lowered 'omp taskwait' to hcc_taskwait()"
                                                   : "lowered 'omp taskwait depend(...)' to hcc_wait_handle()");
        return;
      }
      case OMPD_taskgroup: {
        if (!scope.inRegion && !containsTaskConstructs(d)) return;  // plain OpenMP: left alone
        if (!checkTaskClauses(pc_, d)) return;
        Stmt *block = d->getStructuredBlock();
        scope.rewriter->ReplaceText(pc_.pragmaRange(d), "{ hcc_taskgroup_begin();");
        scope.rewriter->InsertTextAfterToken(pc_.stmtRange(block).getEnd(), " hcc_taskgroup_end(); }");
        pc_.remark(d->getBeginLoc(), "lowered 'omp taskgroup' to hcc_taskgroup_begin()/hcc_taskgroup_end()");
        walk(block, scope);
        return;
      }
      case OMPD_taskyield:  // a scheduling hint: dropping it is correct
        scope.rewriter->ReplaceText(pc_.pragmaRange(d), ";");
        return;
      case OMPD_parallel: {
        if (scope.inTask) {
          diagnoseUnsupportedDirective(pc_, d);
          return;
        }
        bool handled = false;
        Stmt *body = lowerDriverRegion(pc_, d, scope, handled);
        if (handled && body) {
          Scope inner = scope;
          inner.inRegion = true;
          walk(body, inner);
        }
        return;  // a parallel region without tasks is plain OpenMP: left alone
      }
      case OMPD_atomic:
        // hccsim compiles the rewritten file with -fopenmp, so an atomic
        // keeps its meaning in a task body: only its variables are rewritten.
        if (Stmt *block = d->getStructuredBlock()) walk(block, scope);
        return;
      default:
        if (scope.inRegion || containsTaskConstructs(d)) diagnoseUnsupportedDirective(pc_, d);
        return;
    }
  }
  if (auto *lambda = dyn_cast<LambdaExpr>(s); lambda && lambda->isGenericLambda() &&
                                                rejectTaskInGenericLambda(pc_, lambda))
    return;
  if (auto *dre = dyn_cast<DeclRefExpr>(s)) {
    auto it = scope.subst.find(dyn_cast<VarDecl>(dre->getDecl()));
    if (it != scope.subst.end()) {
      SourceLocation loc = dre->getLocation();
      if (loc.isMacroID()) {
        if (!pc_.sm.isMacroArgExpansion(loc)) {
          pc_.error(loc, "shared variable '" + it->first->getName().str() +
                             "' used inside a macro body in a task; pass it as a macro argument");
          return;
        }
        loc = pc_.sm.getSpellingLoc(loc);
      }
      scope.rewriter->ReplaceText(CharSourceRange::getTokenRange(loc), it->second);
    }
    return;
  }
  for (Stmt *c : s->children()) walk(c, scope);
}

// An expression's text as written, without whitespace.
static std::string compactText(const PassContext &pc, const Expr *e) {
  std::string t = pc.text(CharSourceRange::getTokenRange(pc.sm.getExpansionLoc(e->getBeginLoc()),
                                                         pc.sm.getExpansionLoc(e->getEndLoc())));
  t.erase(std::remove_if(t.begin(), t.end(), [](unsigned char c) { return isspace(c); }), t.end());
  return t;
}

// The spellings (compactText) that name the first byte of a depend item:
// `x` → &x (and x for an array), `*p` → p, `a[lo:n]` → &a[lo], a+lo, and
// a, &a[0] when lo is 0.
static std::vector<std::string> addressSpellings(const PassContext &pc, const Expr *item) {
  const Expr *x = item->IgnoreParens();
  if (auto *sec = dyn_cast<ArraySectionExpr>(x)) {
    std::string base = compactText(pc, sec->getBase());
    std::string lo = sec->getLowerBound() ? compactText(pc, sec->getLowerBound()) : "0";
    std::vector<std::string> out{"&" + base + "[" + lo + "]", base + "+" + lo};
    if (lo == "0") out.insert(out.end(), {base, "&" + base + "[0]"});
    return out;
  }
  if (auto *u = dyn_cast<UnaryOperator>(x); u && u->getOpcode() == UO_Deref) return {compactText(pc, u->getSubExpr())};
  std::vector<std::string> out{"&" + compactText(pc, x)};
  if (x->getType()->isArrayType()) out.push_back(compactText(pc, x));
  return out;
}

std::string TaskLowering::lowerCudaImpl(OMPTaskDirective *d, const Stmt *single, const FunctionDecl &impl,
                                        const Scope &inner, const std::string &wrapper, const std::string &locals) {
  SourceLocation pragmaLoc = pc_.sm.getExpansionLoc(d->getBeginLoc());
  const std::string implName = impl.getNameAsString();
  auto *call = dyn_cast<CallExpr>(single);
  if (!call) {
    pc_.error(pragmaLoc, "impl(cuda: " + implName +
                             ") needs a task body that is one function call: the CUDA implementation is called "
                             "with that call's arguments");
    return "";
  }
  if (impl.isVariadic() ? call->getNumArgs() < impl.getNumParams() : call->getNumArgs() != impl.getNumParams()) {
    pc_.error(pragmaLoc, "impl(cuda: " + implName + ") takes " + std::to_string(impl.getNumParams()) +
                             " arguments but the task's call passes " + std::to_string(call->getNumArgs()) +
                             "; the CUDA implementation is called with the same arguments");
    return "";
  }
  std::vector<std::vector<std::string>> items;  // per depend item, in access order
  for (const OMPClause *c : d->clauses())
    if (auto *dep = dyn_cast<OMPDependClause>(c))
      for (const Expr *e : dep->varlists()) items.push_back(addressSpellings(pc_, e));
  // Arguments that name a depend item's first byte become that item's buffer
  // on the GPU; the others are evaluated as in the CPU body.
  PrintingPolicy pol = pc_.ctx.getPrintingPolicy();
  std::string args;
  for (unsigned i = 0; i < call->getNumArgs(); ++i) {
    const Expr *arg = call->getArg(i);
    const std::string a = compactText(pc_, arg->IgnoreParenImpCasts());
    std::string value = exprText(arg, inner);
    for (size_t k = 0; k < items.size(); ++k)
      if (std::find(items[k].begin(), items[k].end(), a) != items[k].end()) {
        QualType t = i < impl.getNumParams() ? impl.getParamDecl(i)->getType() : arg->getType();
        value = "(" + t.getAsString(pol) + ")__hcc_buffers[" + std::to_string(k) + "]";
        break;
      }
    args += (i ? ", " : "") + value;
  }
  std::ostringstream o;
  std::string st = "struct " + wrapper.substr(0, wrapper.size() - 5) + "_args";
  o << "static void " << wrapper << "(void *const *__hcc_buffers, void *__hcc_arg) {\n";
  o << "  " << st << " *__hcc_a = (" << st << " *)__hcc_arg;\n" << locals;
  o << "  (void)__hcc_buffers;\n  (void)__hcc_a;\n";
  for (const std::string &v : localNames_) o << "  (void)" << v << ";\n";
  o << "  " << implName << "(" << args << ");\n}\n";
  return o.str();
}

std::string TaskLowering::dependHandle(const Expr *item, const Scope &scope) {
  const Expr *x = item->IgnoreParens();
  std::string addr, size;
  if (auto *sec = dyn_cast<ArraySectionExpr>(x)) {
    // a[lo1:len1]...[lok:lenk], in writing order; the inner dimensions are
    // arrays (Unsupported.cpp checks it), so the datum is the span from the
    // first element to the last: matched by its address, as OpenMP does.
    std::vector<const ArraySectionExpr *> dims;
    const Expr *base = sec;
    while (auto *s = dyn_cast<ArraySectionExpr>(base->IgnoreParenImpCasts())) {
      dims.insert(dims.begin(), s);
      base = s->getBase();
    }
    std::string bt = paren(exprText(base, scope), base);
    QualType level = base->IgnoreParenImpCasts()->getType();
    std::string first = bt, last = bt;
    for (size_t k = 0; k < dims.size(); ++k) {
      const ArraySectionExpr *s = dims[k];
      std::string lo = s->getLowerBound() ? exprText(s->getLowerBound(), scope) : "0";
      std::string len;
      if (s->getLength()) {
        len = exprText(s->getLength(), scope);
      } else {
        auto *cat = pc_.ctx.getAsConstantArrayType(level);
        len = std::to_string(cat ? cat->getSize().getZExtValue() : 0) + " - (" + lo + ")";
      }
      first += "[" + lo + "]";
      if (dims.size() == 1) size = "(" + len + ") * sizeof " + first;
      last += "[(" + lo + ") + (" + len + ")" + (k + 1 < dims.size() ? " - 1]" : "]");
      if (level->isPointerType())
        level = level->getPointeeType();
      else if (const ArrayType *at = pc_.ctx.getAsArrayType(level))
        level = at->getElementType();
    }
    addr = "&" + first;
    if (dims.size() > 1) size = "(size_t)((char *)&" + last + " - (char *)&" + first + ")";
  } else if (auto *u = dyn_cast<UnaryOperator>(x); u && u->getOpcode() == UO_Deref) {
    addr = paren(exprText(u->getSubExpr(), scope), u->getSubExpr());
    size = "sizeof " + exprText(x, scope);
  } else {
    std::string t = paren(exprText(x, scope), x);
    addr = "&" + t;
    size = "sizeof " + t;
  }
  return "__hcc_dep((void *)" + addr + ", " + size + ")";
}

std::string TaskLowering::lowerTask(OMPTaskDirective *d, Scope &scope) {
  const unsigned id = ++pc_.nextTaskId;
  localNames_.clear();
  const std::string fn = "__hcc_task_" + std::to_string(id);
  const std::string st = "struct " + fn + "_args";
  Stmt *body = d->getStructuredBlock();
  CharSourceRange bodyRange = pc_.stmtRange(body);
  SourceLocation pragmaLoc = pc_.sm.getExpansionLoc(d->getBeginLoc());

  // Data-sharing attributes, as decided by Sema.
  std::set<const VarDecl *> firstprivate, priv;
  for (const OMPClause *c : d->clauses()) {
    if (auto *fp = dyn_cast<OMPFirstprivateClause>(c))
      for (const Expr *e : fp->varlists())
        if (auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts()))
          firstprivate.insert(dyn_cast<VarDecl>(dre->getDecl()));
    if (auto *p = dyn_cast<OMPPrivateClause>(c))
      for (const Expr *e : p->varlists())
        if (auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts()))
          priv.insert(dyn_cast<VarDecl>(dre->getDecl()));
  }

  // Variables of the enclosing function used in the body (in order).
  std::vector<const VarDecl *> vars;
  std::set<const VarDecl *> seen;
  bool control = false;
  auto declaredInBody = [&](const VarDecl *vd) {
    SourceLocation l = pc_.sm.getExpansionLoc(vd->getLocation());
    return !pc_.sm.isBeforeInTranslationUnit(l, bodyRange.getBegin()) &&
           pc_.sm.isBeforeInTranslationUnit(l, bodyRange.getEnd());
  };
  // Variables used only in the hcc pragmas of nested tasks (evaluated at their
  // submission, inside this body) are not in Sema's data-sharing clauses:
  // they are captured by value, as OpenMP does for an unlisted local.
  std::set<const VarDecl *> inBody, inHcc;
  bool viaHcc = false;
  std::function<void(const Stmt *)> visit = [&](const Stmt *s) {
    if (isTaskConstruct(s)) control = true;
    if (auto *td = dyn_cast<OMPTaskDirective>(s); td && td != d) {
      if (auto it = pc_.hccInfo.find(td); it != pc_.hccInfo.end()) {
        bool saved = viaHcc;
        viaHcc = true;
        for (auto &pr : it->second.params) forEachStmt(pr.second, visit);
        if (it->second.priority) forEachStmt(it->second.priority, visit);
        viaHcc = saved;
      }
    }
    if (auto *ce = dyn_cast<CallExpr>(s))
      if (auto *f = ce->getDirectCallee())
        if (pc_.taskFunctions.count(f->getCanonicalDecl())) control = true;
    auto *dre = dyn_cast<DeclRefExpr>(s);
    if (!dre) return;
    if (auto *f = dyn_cast<FunctionDecl>(dre->getDecl()))
      if (currentFunction_ && f->getCanonicalDecl() == currentFunction_->getCanonicalDecl()) needsPrototype_ = true;
    auto *vd = dyn_cast<VarDecl>(dre->getDecl());
    if (!vd || !vd->getDeclContext()->isFunctionOrMethod() || vd->isImplicit() || declaredInBody(vd)) return;
    (viaHcc ? inHcc : inBody).insert(vd);
    if (seen.insert(vd).second) vars.push_back(vd);
  };
  forEachStmt(body, visit);
  std::set<const VarDecl *> hccOnly;
  for (const VarDecl *vd : inHcc)
    if (!inBody.count(vd) && !priv.count(vd)) firstprivate.insert(vd), hccOnly.insert(vd);

  PrintingPolicy pol = pc_.ctx.getPrintingPolicy();
  auto declare = [&](QualType t, const std::string &name) {
    std::string s;
    llvm::raw_string_ostream os(s);
    t.print(os, pol, name);
    return os.str();
  };
  auto spelled = [&](const VarDecl *vd) {
    auto it = scope.subst.find(vd);
    return it != scope.subst.end() ? it->second : vd->getName().str();
  };

  std::ostringstream fields, locals, fill;
  std::map<const VarDecl *, std::string> subst;
  unsigned nfields = 0;
  for (const VarDecl *vd : vars) {
    std::string name = vd->getName().str();
    // A C++ reference stands for the object it refers to: shared, a pointer
    // to that object; firstprivate, a copy of it (as OpenMP privatises it).
    QualType t = vd->getType().getNonReferenceType();
    if (t->isVariablyModifiedType()) {
      pc_.error(pragmaLoc, "variable '" + name +
                               "' of variably modified type used in a task is not supported; use a pointer to its "
                               "first element");
      return "";
    }
    if (usesLocalType(t)) {
      pc_.error(pragmaLoc, "variable '" + name +
                               "' used in a task has a type declared inside a function; declare the type at file "
                               "scope");
      return "";
    }
    if (firstprivate.count(vd) && pc_.ctx.getLangOpts().CPlusPlus && !t.isTriviallyCopyableType(pc_.ctx)) {
      pc_.error(pragmaLoc, "firstprivate variable '" + name + "' of type '" + t.getAsString(pol) +
                               "' is not trivially copyable (task arguments are copied bytewise); make it "
                               "shared(" + name + ") or capture a pointer to it");
      return "";
    }
    if (priv.count(vd)) {
      locals << "  " << declare(t, name) << ";\n";
      localNames_.push_back(name);
      fill << "    (void)" << spelled(vd) << "; /* private in the task */\n";
    } else if (firstprivate.count(vd)) {
      ++nfields;
      if (t->isArrayType()) {
        fields << "  " << declare(t, name) << ";\n";
        localNames_.push_back(name);
        locals << "  " << declare(t, name) << ";\n  __builtin_memcpy((void *)" << name << ", __hcc_a->" << name
               << ", sizeof " << name << ");\n";
        fill << "    __builtin_memcpy((void *)__hcc_args." << name << ", " << spelled(vd) << ", sizeof __hcc_args."
             << name << ");\n";
      } else {
        fields << "  " << declare(t.getUnqualifiedType(), name) << ";\n";
        locals << "  " << declare(t, name) << " = __hcc_a->" << name << ";\n";
        localNames_.push_back(name);
        fill << "    __hcc_args." << name << " = " << spelled(vd) << ";\n";
      }
    } else {  // shared
      ++nfields;
      fields << "  " << declare(pc_.ctx.getPointerType(t), name) << ";\n";
      fill << "    __hcc_args." << name << " = &" << spelled(vd) << ";\n";
      subst[vd] = "(*__hcc_a->" + name + ")";
    }
  }
  if (nfields == 0) fields << "  char __hcc_unused;\n";

  // Codelet name: the callee of a single-call body, else file:line.
  std::string name = pc_.baseName + ":" + std::to_string(pc_.line(pragmaLoc));
  const Stmt *single = body;
  if (auto *cs = dyn_cast<CompoundStmt>(single); cs && cs->size() == 1) single = cs->body_front();
  if (auto *ce = dyn_cast<CallExpr>(single))
    if (auto *f = ce->getDirectCallee()) name = "\"" + f->getName().str() + "\"";
  if (name.front() != '"') name = "\"" + name + "\"";
  // `#pragma hcc task name("...")` / `#pragma hcc params(...)`.
  const HccTaskInfo *hcc = nullptr;
  if (auto it = pc_.hccInfo.find(d); it != pc_.hccInfo.end()) hcc = &it->second;
  if (hcc && !hcc->name.empty()) name = hcc->name;
  // Parameters: the hcc params, then the size in bytes of each depend item
  // (its handle's size) as dep<k>_bytes, unless a hcc param has that name.
  std::vector<std::string> paramNames;
  if (hcc)
    for (auto &pr : hcc->params) paramNames.push_back(pr.first);
  const size_t nUserParams = paramNames.size();
  std::vector<size_t> sizeParamItems;  // depend item index of each size parameter
  {
    size_t item = 0;
    for (const OMPClause *c : d->clauses())
      if (auto *dep = dyn_cast<OMPDependClause>(c))
        for (size_t k = 0; k < dep->varlist_size(); ++k, ++item) {
          std::string pn = "dep" + std::to_string(item) + "_bytes";
          if (std::find(paramNames.begin(), paramNames.begin() + nUserParams, pn) != paramNames.begin() + nUserParams)
            continue;
          paramNames.push_back(pn);
          sizeParamItems.push_back(item);
        }
  }
  const size_t nparams = paramNames.size();

  // The outlined body, rewritten with its own nested constructs.
  Rewriter bodyRewriter(pc_.sm, pc_.ctx.getLangOpts());
  Scope inner;
  inner.rewriter = &bodyRewriter;
  inner.subst = subst;
  inner.inTask = inner.inRegion = true;
  walk(body, inner);
  if (pc_.hadError()) return "";
  std::string bodyText = bodyRewriter.getRewrittenText(bodyRange);
  std::string cudaWrapper;
  if (hcc && hcc->cudaImpl) {
    cudaWrapper = lowerCudaImpl(d, single, *hcc->cudaImpl, inner, fn + "_cuda", locals.str());
    if (cudaWrapper.empty()) return "";
  }

  std::ostringstream o;
  o << st << " {\n" << fields.str() << "};\n";
  o << "static void " << fn << "(void *const *__hcc_buffers, void *__hcc_arg) {\n";
  o << "  " << st << " *__hcc_a = (" << st << " *)__hcc_arg;\n";
  o << locals.str();
  o << "  (void)__hcc_buffers;\n  (void)__hcc_a;\n";
  o << pc_.lineMarker(pc_.line(bodyRange.getBegin()));
  // Keep the body's first line at its column.
  unsigned col = pc_.sm.getExpansionColumnNumber(bodyRange.getBegin());
  o << std::string(col > 0 ? col - 1 : 0, ' ') << bodyText << "\n}\n";
  std::string paramNamesVar = "NULL";
  if (nparams > 0) {
    paramNamesVar = "__hcc_param_names_" + std::to_string(id);
    o << "static const char *const " << paramNamesVar << "[" << nparams << "] = {";
    for (size_t k = 0; k < nparams; ++k) o << (k ? ", " : "") << "\"" << paramNames[k] << "\"";
    o << "};\n";
  }
  o << cudaWrapper;
  o << "static const hcc_codelet __hcc_codelet_" << id << " = {" << name << ", " << fn << ", "
    << (cudaWrapper.empty() ? "NULL" : fn + "_cuda") << ", " << nparams
    << ", " << paramNamesVar << ", " << (control ? "HCC_CODELET_CONTROL" : "0") << "};\n";
  outlined_.push_back(o.str());

  // The submission block.
  std::ostringstream b;
  std::vector<std::pair<std::string, std::string>> accesses;  // (register call, mode)
  std::string priority = "0", cond;
  for (const OMPClause *c : d->clauses()) {
    if (auto *dep = dyn_cast<OMPDependClause>(c)) {
      for (const Expr *e : dep->varlists()) {
        accesses.push_back({dependHandle(e, scope), modeName(dep->getDependencyKind())});
      }
    } else if (auto *p = dyn_cast<OMPPriorityClause>(c)) {
      priority = "(" + exprText(p->getPriority(), scope) + ")";
    } else if (auto *i = dyn_cast<OMPIfClause>(c)) {
      cond = exprText(i->getCondition(), scope);
    }
  }
  if (hcc && hcc->priority) priority = "(" + exprText(hcc->priority, scope) + ")";
  // Memory the body keeps allocated / frees, counted by the runtime in every mode.
  std::string memAlloc = "0", memFree = "0";
  if (hcc && hcc->alloc) memAlloc = "(size_t)(" + exprText(hcc->alloc, scope) + ")";
  if (hcc && hcc->free) memFree = "(size_t)(" + exprText(hcc->free, scope) + ")";
  b << "{ /* omp task -> " << fn << " */\n";
  b << "    " << st << " __hcc_args;\n" << fill.str();
  if (!accesses.empty()) {
    b << "    hcc_access __hcc_acc[" << accesses.size() << "];\n";
    for (size_t k = 0; k < accesses.size(); ++k)
      b << "    __hcc_acc[" << k << "].handle = " << accesses[k].first << ";\n    __hcc_acc[" << k
        << "].mode = " << accesses[k].second << ";\n";
  }
  if (!cond.empty()) b << "    hcc_group __hcc_group = (" << cond << ") ? NULL : hcc_group_create();\n";
  b << "    hcc_task_desc __hcc_desc = {&__hcc_codelet_" << id << ", &__hcc_args, sizeof __hcc_args, "
    << (accesses.empty() ? "NULL" : "__hcc_acc") << ", " << accesses.size() << ", NULL, 0, " << priority << ", "
    << (cond.empty() ? "NULL" : "__hcc_group") << ", " << memAlloc << ", " << memFree << "};\n";
  if (nparams > 0) {
    // Named parameters: evaluated at submission, in instrument/simulate builds only.
    b << "#ifdef HCC_CAPTURE_PARAMS\n";
    b << "    double __hcc_params[" << nparams << "];\n";
    for (size_t k = 0; k < nUserParams; ++k)
      b << "    __hcc_params[" << k << "] = (double)(" << exprText(hcc->params[k].second, scope) << "); /* "
        << paramNames[k] << " */\n";
    for (size_t k = nUserParams; k < nparams; ++k)
      b << "    __hcc_params[" << k << "] = (double)hcc_data_size(__hcc_acc[" << sizeParamItems[k - nUserParams]
        << "].handle); /* " << paramNames[k] << " */\n";
    b << "    __hcc_desc.params = __hcc_params;\n    __hcc_desc.nparams = " << nparams << ";\n";
    // Not evaluated, but what they name stays used (no unused warnings).
    if (nUserParams > 0) {
      b << "#else\n    if (0) {\n";
      for (size_t k = 0; k < nUserParams; ++k)
        b << "      (void)(" << exprText(hcc->params[k].second, scope) << ");\n";
      b << "    }\n";
    }
    b << "#endif\n";
  }
  b << "    hcc_submit(&__hcc_desc);\n";
  lastLowered_ = fn + " (codelet " + name + ", " + std::to_string(accesses.size()) + " depend item" +
                 (accesses.size() == 1 ? "" : "s") + (nparams ? ", " + std::to_string(nparams) + " parameter" + (nparams == 1 ? "" : "s") : "") +
                 (control ? ", control code" : "") + ")";
  if (!cond.empty()) b << "    if (__hcc_group) hcc_group_wait(__hcc_group); /* if(false): undeferred */\n";
  b << "  }";
  return b.str();
}

}  // namespace hcc::rewriter
