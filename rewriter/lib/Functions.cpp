// Pass: which functions are lowered. Tasks are lowered in functions defined
// at namespace scope of the main file (C functions, C++ free functions in
// namespaces and extern "C" blocks), including the lambdas they contain (the
// submission reads the captures in the lambda body; the outlined function
// only sees the argument block). In C++, a task inside a template, a member
// function or a generic lambda would need its outlined function placed where
// the template parameters or the object are visible: those get an error with
// a hint rather than wrong code, as does any task left unlowered.
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "hccrewriter/Passes.hpp"

using namespace clang;

namespace hcc::rewriter {

namespace {

// The first task construct below s, or null.
const Stmt *firstTaskConstruct(const Stmt *s) {
  if (!s) return nullptr;
  if (isa<OMPTaskDirective>(s) || isa<OMPTaskwaitDirective>(s)) return s;
  if (auto *d = dyn_cast<OMPExecutableDirective>(s)) {
    if (d->hasAssociatedStmt()) return firstTaskConstruct(d->getStructuredBlock());
    return nullptr;
  }
  for (const Stmt *c : s->children())
    if (const Stmt *t = firstTaskConstruct(c)) return t;
  return nullptr;
}

void rejectTasksIn(PassContext &pc, const FunctionDecl *fd, const char *where, const char *hint) {
  if (!fd || !fd->doesThisDeclarationHaveABody()) return;
  if (const Stmt *t = firstTaskConstruct(fd->getBody()))
    pc.error(t->getBeginLoc(), std::string("tasks inside ") + where + " are not lowered yet; " + hint);
}

void rejectTasksInRecord(PassContext &pc, const CXXRecordDecl *rd) {
  // A lambda's class: its tasks are lowered with the enclosing function's,
  // or reported by checkAllTasksLowered.
  if (!rd || !rd->isThisDeclarationADefinition() || rd->isLambda()) return;
  for (const Decl *d : rd->decls()) {
    if (auto *ft = dyn_cast<FunctionTemplateDecl>(d)) d = ft->getTemplatedDecl();
    if (auto *md = dyn_cast<CXXMethodDecl>(d))
      rejectTasksIn(pc, md, "member functions",
                    "move the task into a free function and pass it what the task uses");
    else if (auto *nested = dyn_cast<CXXRecordDecl>(d))
      rejectTasksInRecord(pc, nested);
  }
}

void collect(PassContext &pc, DeclContext *dc, std::vector<FunctionDecl *> &out) {
  for (Decl *d : dc->decls()) {
    if (!pc.inMainFile(d->getLocation())) continue;
    if (auto *ns = dyn_cast<NamespaceDecl>(d)) {
      collect(pc, ns, out);
    } else if (auto *ls = dyn_cast<LinkageSpecDecl>(d)) {
      collect(pc, ls, out);
    } else if (auto *ft = dyn_cast<FunctionTemplateDecl>(d)) {
      rejectTasksIn(pc, ft->getTemplatedDecl(), "function templates",
                    "move the task into a non-template function (it may call the template)");
    } else if (auto *ct = dyn_cast<ClassTemplateDecl>(d)) {
      rejectTasksInRecord(pc, ct->getTemplatedDecl());
    } else if (auto *md = dyn_cast<CXXMethodDecl>(d)) {  // defined out of its class
      rejectTasksIn(pc, md, "member functions", "move the task into a free function and pass it what the task uses");
    } else if (auto *rd = dyn_cast<CXXRecordDecl>(d)) {
      rejectTasksInRecord(pc, rd);
    } else if (auto *fd = dyn_cast<FunctionDecl>(d); fd && fd->doesThisDeclarationHaveABody()) {
      out.push_back(fd);
    }
  }
}

}  // namespace

std::vector<FunctionDecl *> loweredFunctions(PassContext &pc, TranslationUnitDecl *tu) {
  std::vector<FunctionDecl *> out;
  collect(pc, tu, out);
  return out;
}

bool rejectTaskInGenericLambda(PassContext &pc, const LambdaExpr *lambda) {
  const Stmt *t = firstTaskConstruct(lambda->getBody());
  if (t)
    pc.error(t->getBeginLoc(),
             "tasks inside generic lambdas are not lowered yet; give the lambda's parameters types or move the "
             "task into a function");
  return t != nullptr;
}

namespace {
class TaskFinder : public RecursiveASTVisitor<TaskFinder> {
 public:
  std::vector<const Stmt *> tasks;
  bool VisitOMPTaskDirective(OMPTaskDirective *d) {
    tasks.push_back(d);
    return true;
  }
  bool VisitOMPTaskwaitDirective(OMPTaskwaitDirective *d) {
    tasks.push_back(d);
    return true;
  }
};
}  // namespace

void checkAllTasksLowered(PassContext &pc, TranslationUnitDecl *tu) {
  TaskFinder finder;
  finder.TraverseDecl(tu);
  for (const Stmt *t : finder.tasks)
    if (pc.inMainFile(t->getBeginLoc()) && !pc.loweredTasks.count(t)) {
      pc.error(t->getBeginLoc(),
               "this task construct is not inside a function hccsim lowers; move it into a function body");
      return;
    }
}

}  // namespace hcc::rewriter
