// The rewriter's passes and the state they share. Each pass lives in its own
// file under rewriter/lib/ and records its edits in the shared clang::Rewriter.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Token.h"
#include "clang/Rewrite/Core/Rewriter.h"

namespace clang {
class CompilerInstance;
}

namespace hcc::rewriter {

// ---- `#pragma hcc` directives (HccPragmas.cpp) --------------------------------
// One `#pragma hcc` line as read by the pragma handler: its location, its
// tokens, and what was parsed from them (expressions built by Sema in the
// pragma's scope). `valid` is false when it was diagnosed.
struct HccPragma {
  enum Kind { Params, Task };
  Kind kind = Params;
  clang::SourceLocation loc, endLoc;
  std::vector<clang::Token> tokens;
  bool valid = false;
  std::vector<std::pair<std::string, const clang::Expr *>> params;  // params(name = expr, ...)
  std::string name;                                                 // task name("..."): the literal's spelling
  const clang::Expr *priority = nullptr;                            // task priority(expr)
  const clang::FunctionDecl *cudaImpl = nullptr;                    // task impl(cuda: fn)
  const clang::Expr *alloc = nullptr, *free = nullptr;              // task alloc(bytes) free(bytes)
};
struct HccPragmaStore {
  std::vector<HccPragma> pragmas;
};
// What the hcc pragmas attached to one omp task say.
struct HccTaskInfo {
  bool hasParams = false, hasTask = false;
  std::vector<std::pair<std::string, const clang::Expr *>> params;
  std::string name;
  const clang::Expr *priority = nullptr;
  const clang::FunctionDecl *cudaImpl = nullptr;
  const clang::Expr *alloc = nullptr, *free = nullptr;
};
// Registers the handler of `#pragma hcc` on ci's preprocessor; it fills store.
void registerHccPragmas(clang::CompilerInstance &ci, std::shared_ptr<HccPragmaStore> store);

// State shared by the passes over one translation unit.
struct PassContext {
  clang::ASTContext &ctx;
  clang::SourceManager &sm;
  clang::Rewriter &rewriter;  // edits of the main file
  std::string fileName;       // main file, as given
  std::string baseName;       // main file's basename (codelet names)
  // Functions defined here that create tasks or wait for them, directly or
  // through calls to such functions (their tasks' codelets are control code).
  std::set<const clang::FunctionDecl *> taskFunctions;
  unsigned nextTaskId = 0;
  std::set<const clang::Stmt *> loweredTasks;  // task and taskwait directives lowered so far
  // `#pragma hcc` directives attached to each task (attachHccPragmas).
  std::map<const clang::OMPTaskDirective *, HccTaskInfo> hccInfo;

  bool remarks = false;  // RewriteOptions::remarks

  PassContext(clang::ASTContext &c, clang::Rewriter &r);

  // An error diagnostic "hccsim: <msg>" at loc.
  void error(clang::SourceLocation loc, const std::string &msg);
  // A remark "hccsim: <msg>" at loc, when remarks are on.
  void remark(clang::SourceLocation loc, const std::string &msg);
  bool hadError() const;
  bool inMainFile(clang::SourceLocation loc) const;
  // Text and ranges.
  std::string text(clang::CharSourceRange r) const;
  // The token range of a statement, including its terminating ';'.
  clang::CharSourceRange stmtRange(const clang::Stmt *s) const;
  // The range of a directive and its structured block.
  clang::CharSourceRange constructRange(const clang::OMPExecutableDirective *d) const;
  // The range of a directive's pragma line only.
  clang::CharSourceRange pragmaRange(const clang::OMPExecutableDirective *d) const;
  unsigned line(clang::SourceLocation loc) const;
  std::string lineMarker(unsigned line) const;  // "#line N \"file\"\n"
};

// Attaches each valid hcc pragma to the omp task whose directive line it
// follows (before the task's statement) and fills pc.hccInfo; diagnoses the
// ones that follow no task and duplicates.
void attachHccPragmas(PassContext &pc, HccPragmaStore &store);

// Where a statement is being rewritten: the rewriter receiving its edits and
// how variables of the enclosing function are spelled there (inside an
// outlined task body, shared variables become (*__hcc_a->name)).
struct Scope {
  clang::Rewriter *rewriter = nullptr;
  std::map<const clang::VarDecl *, std::string> subst;
  bool inTask = false;    // inside an outlined task body
  bool inRegion = false;  // inside a lowered parallel/single driver region or a task
};

// ---- Pass: unsupported constructs (Unsupported.cpp) -------------------------
// Diagnoses a directive that is not lowered inside a task region. Returns true.
bool diagnoseUnsupportedDirective(PassContext &pc, const clang::OMPExecutableDirective *d);
// Diagnoses the clauses of a task (or taskwait) that are not lowered; returns
// false when one was diagnosed.
bool checkTaskClauses(PassContext &pc, const clang::OMPExecutableDirective *d);

// ---- Pass: which functions are lowered (Functions.cpp) ----------------------
// The functions of the main file whose tasks are lowered (defined at namespace
// scope); diagnoses tasks inside C++ templates and member functions.
std::vector<clang::FunctionDecl *> loweredFunctions(PassContext &pc, clang::TranslationUnitDecl *tu);
// Diagnoses a task inside a C++ generic lambda (met while walking a
// function); returns true when there was one.
bool rejectTaskInGenericLambda(PassContext &pc, const clang::LambdaExpr *lambda);
// After lowering: an error for any task construct of the main file that was
// not lowered (e.g. in a lambda at namespace scope), never silent OpenMP.
void checkAllTasksLowered(PassContext &pc, clang::TranslationUnitDecl *tu);

// ---- Pass: task lowering (TaskLowering.cpp) ----------------------------------
class TaskLowering {
 public:
  explicit TaskLowering(PassContext &pc) : pc_(pc) {}
  // Finds the functions that create tasks (fills pc.taskFunctions).
  void collectTaskFunctions(const std::vector<clang::FunctionDecl *> &functions);
  // Lowers every task construct of a function defined in the main file.
  void runOnFunction(clang::FunctionDecl *fd);
  // Walks a statement, lowering what it contains into scope.rewriter.
  void walk(clang::Stmt *s, Scope &scope);
  // The text of an expression as spelled in scope.
  std::string exprText(const clang::Expr *e, const Scope &scope);

 private:
  std::string lowerTask(clang::OMPTaskDirective *d, Scope &scope);
  // `__hcc_dep(address, size)` of a depend item, spelled in scope.
  std::string dependHandle(const clang::Expr *item, const Scope &scope);
  // The CUDA wrapper of `#pragma hcc task impl(cuda: fn)`: calls fn with the
  // arguments of the task's single call, depend items replaced by buffers.
  std::string lowerCudaImpl(clang::OMPTaskDirective *d, const clang::Stmt *single, const clang::FunctionDecl &impl,
                            const Scope &inner, const std::string &wrapper, const std::string &locals);
  PassContext &pc_;
  clang::FunctionDecl *currentFunction_ = nullptr;
  std::vector<std::string> outlined_;  // outlined functions of the current function
  bool needsPrototype_ = false;
  std::vector<std::string> localNames_;  // locals of the outlined body being built
  std::string lastLowered_;  // what lowerTask made of the last task (for remarks)
};

// ---- Pass: driver regions (DriverRegions.cpp) --------------------------------
// `#pragma omp parallel` + `single`/`master`/`masked` around task-creating code:
// removes both pragmas, keeps the block and waits for all tasks at its end.
// Returns the statement to walk as a region, or null when the construct was
// diagnosed or is not a driver region (then `handled` is false).
clang::Stmt *lowerDriverRegion(PassContext &pc, clang::OMPExecutableDirective *parallel, Scope &scope,
                               bool &handled);
// hcc_init() at the start of main, hcc_shutdown() before each of its returns.
void instrumentMain(PassContext &pc, clang::FunctionDecl *main);
// True when the statement contains a task or taskwait directive.
bool containsTaskConstructs(const clang::Stmt *s);

// ---- Pass: task attributes for the OpenMP ABI (TaskAttributes.cpp) ----------
// Before each task of the main file, a call telling the runtime the task's
// kernel name, whether it creates or waits for tasks, its hcc parameters and
// priority (-fhcc-omp-abi builds).
void annotateTasks(PassContext &pc, clang::TranslationUnitDecl *tu);

}  // namespace hcc::rewriter
