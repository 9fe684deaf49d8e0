// Pass (-fhcc-omp-abi builds): what only the compiler knows about each task,
// handed to the OpenMP runtime (rt/omp) while clang's own code generation
// lowers the construct. Before each `#pragma omp task` of the main file the
// pass inserts a call to hcc_omp_next_task() with the task's kernel name
// (its `#pragma hcc task name(...)`, else the callee of a one-call body, else
// file:line), whether its body creates or waits for tasks or fulfils a
// detached task's event (simulations run such bodies and simulate the others), its `#pragma hcc params(...)`
// (evaluated in instrument and simulate builds only) and its hcc priority.
// Tasks written in macros are left to the runtime's own names.
#include "clang/AST/RecursiveASTVisitor.h"
#include "hccrewriter/Passes.hpp"

#include <sstream>

using namespace clang;

namespace hcc::rewriter {
namespace {

// Whether a statement creates or waits for tasks, or completes one (a
// detached task's event): a simulation must run a body that contains it.
bool createsOrWaits(const Stmt *s) {
  if (auto *ce = dyn_cast<CallExpr>(s))
    if (auto *f = ce->getDirectCallee(); f && f->getName() == "omp_fulfill_event") return true;
  return isa<OMPTaskDirective>(s) || isa<OMPTaskwaitDirective>(s) || isa<OMPTaskgroupDirective>(s) ||
         isa<OMPTaskLoopDirective>(s) || isa<OMPParallelDirective>(s);
}

template <typename Fn>
void forEach(const Stmt *s, Fn &&fn) {
  if (!s) return;
  fn(s);
  for (const Stmt *c : s->children()) forEach(c, fn);
  if (auto *d = dyn_cast<OMPExecutableDirective>(s); d && d->hasAssociatedStmt())
    forEach(d->getAssociatedStmt(), fn);
}

// Functions of the translation unit that create or wait for tasks, directly
// or through calls to such functions.
class TaskFunctions : public RecursiveASTVisitor<TaskFunctions> {
 public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *fd) {
    if (!fd->hasBody()) return true;
    const FunctionDecl *key = fd->getCanonicalDecl();
    auto &cs = callees_[key];
    forEach(fd->getBody(), [&](const Stmt *s) {
      if (createsOrWaits(s)) found.insert(key);
      if (auto *ce = dyn_cast<CallExpr>(s))
        if (auto *f = ce->getDirectCallee()) cs.insert(f->getCanonicalDecl());
    });
    return true;
  }
  void close() {
    for (bool changed = true; changed;) {
      changed = false;
      for (auto &[f, cs] : callees_) {
        if (found.count(f)) continue;
        for (auto *c : cs)
          if (found.count(c)) {
            found.insert(f);
            changed = true;
            break;
          }
      }
    }
  }
  std::set<const FunctionDecl *> found;

 private:
  std::map<const FunctionDecl *, std::set<const FunctionDecl *>> callees_;
};

std::string quoted(const std::string &s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + "\"";
}

// The callee of a body that is one call (`f(...)`, `x = f(...)`), or "".
std::string oneCallee(const Stmt *body) {
  if (auto *cs = dyn_cast<CompoundStmt>(body)) {
    if (cs->size() != 1) return "";
    body = cs->body_front();
  }
  const Expr *e = dyn_cast<Expr>(body);
  if (!e) return "";
  e = e->IgnoreParenImpCasts();
  if (auto *bo = dyn_cast<BinaryOperator>(e); bo && bo->isAssignmentOp()) e = bo->getRHS()->IgnoreParenImpCasts();
  if (auto *ce = dyn_cast<CallExpr>(e))
    if (auto *f = ce->getDirectCallee()) return f->getNameAsString();
  return "";
}

class Annotator : public RecursiveASTVisitor<Annotator> {
 public:
  Annotator(PassContext &pc, const std::set<const FunctionDecl *> &taskFunctions)
      : pc_(pc), taskFunctions_(taskFunctions) {}

  bool VisitOMPTaskDirective(OMPTaskDirective *d) {
    SourceLocation begin = d->getBeginLoc();
    if (begin.isMacroID() || !pc_.inMainFile(begin)) return true;
    const Stmt *body = d->getInnermostCapturedStmt()->getCapturedStmt();
    bool control = false;
    forEach(body, [&](const Stmt *s) {
      if (createsOrWaits(s)) control = true;
      if (auto *ce = dyn_cast<CallExpr>(s))
        if (auto *f = ce->getDirectCallee(); f && taskFunctions_.count(f->getCanonicalDecl())) control = true;
    });
    const HccTaskInfo *info = nullptr;
    if (auto it = pc_.hccInfo.find(d); it != pc_.hccInfo.end()) info = &it->second;
    const unsigned line = pc_.line(begin);
    // `#pragma hcc task name("...")` keeps the literal's spelling.
    std::string name = info && !info->name.empty() ? info->name : oneCallee(body);
    if (name.empty()) name = pc_.baseName + ":" + std::to_string(line);
    const std::string literal = name.front() == '"' ? name : quoted(name);
    if (name.front() == '"') name = name.substr(1, name.size() - 2);

    const unsigned id = next_++;
    std::ostringstream o;
    o << "{\n";
    const size_t nparams = info ? info->params.size() : 0;
    if (nparams) {
      o << "static const char *const __hcc_pn" << id << "[] = {";
      for (size_t i = 0; i < nparams; ++i) o << (i ? ", " : "") << quoted(info->params[i].first);
      o << "};\n";
    }
    o << "static const hcc_omp_task_info __hcc_ti" << id << " = {" << literal << ", "
      << quoted(pc_.baseName) << ", " << line << ", " << (control ? "HCC_CODELET_CONTROL" : "0") << ", " << nparams
      << ", " << (nparams ? "__hcc_pn" + std::to_string(id) : std::string("0")) << "};\n";
    const std::string priority =
        info && info->priority ? "(int)(" + pc_.text(CharSourceRange::getTokenRange(info->priority->getSourceRange())) + "), 1"
                               : "0, 0";
    if (nparams) {
      o << "#ifdef HCC_CAPTURE_PARAMS\n"
        << pc_.lineMarker(pc_.line(info->params[0].second->getBeginLoc()))
        << "const double __hcc_pv" << id << "[] = {";
      for (size_t i = 0; i < nparams; ++i)
        o << (i ? ", " : "") << "(double)("
          << pc_.text(CharSourceRange::getTokenRange(info->params[i].second->getSourceRange())) << ")";
      o << "};\n"
        << "hcc_omp_next_task(&__hcc_ti" << id << ", __hcc_pv" << id << ", " << priority << ");\n"
        << "#else\n";
    }
    o << "hcc_omp_next_task(&__hcc_ti" << id << ", 0, " << priority << ");\n";
    if (nparams) o << "#endif\n";
    o << pc_.lineMarker(line);
    CharSourceRange whole = pc_.constructRange(d);
    pc_.rewriter.InsertTextBefore(whole.getBegin(), o.str());
    pc_.rewriter.InsertTextAfterToken(whole.getEnd(), "\n}\n" + pc_.lineMarker(pc_.line(whole.getEnd())));
    pc_.remark(begin, "task '" + name + "'" + (control ? " (creates or waits for tasks)" : "") +
                          (nparams ? ", " + std::to_string(nparams) + " parameters" : ""));
    return true;
  }

 private:
  PassContext &pc_;
  const std::set<const FunctionDecl *> &taskFunctions_;
  unsigned next_ = 0;
};

}  // namespace

void annotateTasks(PassContext &pc, TranslationUnitDecl *tu) {
  TaskFunctions functions;
  functions.TraverseDecl(tu);
  functions.close();
  Annotator(pc, functions.found).TraverseDecl(tu);
}

}  // namespace hcc::rewriter
