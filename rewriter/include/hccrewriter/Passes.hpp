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
class MangleContext;
}

namespace hcc::rewriter {

// ---- `#pragma hcc` directives (HccPragmas.cpp) --------------------------------
// One `#pragma hcc` line as read by the pragma handler: its location, its
// tokens, and what was parsed from them (expressions built by Sema in the
// pragma's scope). `valid` is false when it was diagnosed.
struct HccPragma {
  // Params and Task follow an omp task line; the others precede a statement
  // (StatementPragmas.cpp).
  enum Kind { Params, Task, Shared, Keep, Sample, Delay, KeepGlobal, Model, Split };
  enum SampleKind { SampleLocal, SampleGlobal, SampleAuto };
  Kind kind = Params;
  clang::SourceLocation loc, endLoc;
  std::vector<clang::Token> tokens;
  bool valid = false;
  std::vector<std::pair<std::string, const clang::Expr *>> params;  // params(name = expr, ...)
  std::string name;                                                 // task name("..."): the literal's spelling
  const clang::Expr *priority = nullptr;                            // task priority(expr)
  const clang::FunctionDecl *cudaImpl = nullptr;                    // task impl(cuda: fn)
  const clang::Expr *alloc = nullptr, *free = nullptr;              // task alloc(bytes) free(bytes)
  bool run = false;                                                 // task run
  bool sharedAll = false;                                           // shared(all)
  SampleKind sample = SampleLocal;                                  // sample(kind, ...)
  const clang::Expr *sampleCount = nullptr;                         // sample(local|global, n), auto's max = n
  const clang::Expr *sampleTol = nullptr;                           // sample(auto, tol = e)
  bool delayFlops = false;                                          // delay(flops = e), else seconds
  const clang::Expr *delay = nullptr;                               // delay(... = e)
  std::vector<std::string> names;                                   // keep_global(name, ...)
  // split in(...) out(...) inout(...): array sections as written, in terms
  // of the loop's variable (declared after the pragma: kept as text).
  struct Section {
    std::string base, lower, length;  // base[lower : length]; length "" for base[lower]
    int mode = 1;                     // 1 in, 2 out, 3 inout (hcc_access_mode)
    clang::SourceLocation loc;
  };
  std::vector<Section> sections;
  bool cudaCall = false;                // split impl(cuda: fn(args...))
  std::vector<std::string> cudaArgs;    // their text
};
struct HccPragmaStore {
  std::vector<HccPragma> pragmas;
};
// What the hcc pragmas attached to one omp task say.
struct HccTaskInfo {
  bool hasParams = false, hasTask = false;
  clang::SourceLocation taskLoc;  // of the `#pragma hcc task` line
  std::vector<std::pair<std::string, const clang::Expr *>> params;
  std::string name;
  const clang::Expr *priority = nullptr;
  const clang::FunctionDecl *cudaImpl = nullptr;
  const clang::Expr *alloc = nullptr, *free = nullptr;
  bool run = false;  // `#pragma hcc task run`
};
// Registers the handler of `#pragma hcc` on ci's preprocessor; it fills store.
void registerHccPragmas(clang::CompilerInstance &ci, std::shared_ptr<HccPragmaStore> store);

// s as a C string literal, quotes and backslashes escaped.
std::string quoted(const std::string &s);

// State shared by the passes over one translation unit.
struct PassContext {
  clang::ASTContext &ctx;
  clang::SourceManager &sm;
  clang::Rewriter &rewriter;  // edits of the main file
  std::string fileName;       // main file, as given
  std::string baseName;       // main file's basename (codelet names)
  // `#pragma hcc` directives attached to each task (attachHccPragmas).
  std::map<const clang::OMPTaskDirective *, HccTaskInfo> hccInfo;

  bool remarks = false;   // RewriteOptions::remarks
  bool simulate = false;  // RewriteOptions::simulate
  // Statements under '#pragma hcc shared' or 'keep' (expansion locations):
  // their allocations have their directive's remark.
  std::vector<clang::SourceRange> allocationDirectives;
  // Privatised variables (Privatize.cpp): the expression that reaches the
  // running rank's copy, which the passes' generated code uses in place of
  // the variable's name (exprText).
  std::map<const clang::VarDecl *, std::string> privateAccess;
  // Plain loops marked `#pragma hcc model` (StatementPragmas.cpp), which the
  // loop-nest pass wraps whatever they are (LoopNests.cpp).
  std::set<const clang::Stmt *> modelledLoops;

  PassContext(clang::ASTContext &c, clang::Rewriter &r);

  // An error diagnostic "hccsim: <msg>" at loc.
  void error(clang::SourceLocation loc, const std::string &msg);
  // A remark "hccsim: <msg>" at loc, when remarks are on.
  void remark(clang::SourceLocation loc, const std::string &msg);
  // A warning "hccsim: <msg>" at loc (shown even where clang's own warnings
  // are left to the main compilation, as in the plugin; not under -w).
  void warning(clang::SourceLocation loc, const std::string &msg);
  // A variable left shared by every rank of a simulation. In a file that
  // declares no MPI_Init, whether it is linked into an MPI program is not
  // known here (deferSharingWarnings): the warning is kept as text
  // ("file:line: msg") for the object, which a simulation of several ranks
  // prints (Privatize.cpp); elsewhere it is a warning now. Once per
  // location and text (a template's static member and its instantiations
  // are several declarations of one variable).
  bool deferSharingWarnings = false;
  std::vector<std::string> deferredSharingWarnings;
  std::set<std::pair<clang::SourceLocation::UIntTy, std::string>> sharingWarned;
  void sharingWarning(clang::SourceLocation loc, const std::string &msg);
  bool hadError() const;
  bool inMainFile(clang::SourceLocation loc) const;
  // In a header of an installed library: a system header (-isystem, the
  // compiler's and the C library's) or one under /usr/include or
  // /usr/local/include given with -I (pkg-config's -I/usr/include/eigen3).
  bool inLibraryHeader(clang::SourceLocation loc) const;
  // Text and ranges.
  std::string text(clang::CharSourceRange r) const;
  // An expression as C or C++ source, printed from the AST: macros and
  // `_Pragma` strings expanded.
  // substitutes: variables printed as other texts, in parentheses.
  std::string exprText(const clang::Expr *e,
                       const std::map<const clang::VarDecl *, std::string> &substitutes = {}) const;
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

// ---- Pass: directives before a statement (StatementPragmas.cpp) -------------
// sample, delay, shared, keep: each attached to the statement that follows it
// in its block (or the array declaration at namespace scope), checked, and
// the statement wrapped in the runtime's calls (hcc/hcc.h: HCC_SAMPLE_*,
// HCC_DELAY, hcc_program_allocations, hcc_program_fold_static).
void rewriteStatementPragmas(PassContext &pc, HccPragmaStore &store, clang::TranslationUnitDecl *tu);
// `#pragma hcc split` p before the statement next (SplitLoops.cpp); id
// numbers the names it declares.
void rewriteSplitLoop(PassContext &pc, const HccPragma &p, const clang::Stmt *next, unsigned id);

// ---- Pass: loops as kernels (LoopNests.cpp) -----------------------------------
// In instrumented and simulated builds: the work per iteration of each
// worksharing loop whose inner loops are counted (HCC_LOOP_WORK before it),
// and each outermost loop nest a simulation may skip wrapped in
// HCC_LOOP_ENTER / HCC_LOOP_LEAVE (kernel "loop:<file>:<line>").
void rewriteLoopNests(PassContext &pc, clang::TranslationUnitDecl *tu);

// ---- Pass: allocations folded by size (FoldedAllocations.cpp) ---------------
// With remarks on, in simulated builds: a remark at every allocation of the
// main file that a simulation can fold by its size (HCC_FOLD_THRESHOLD).
void remarkFoldedAllocations(PassContext &pc, clang::TranslationUnitDecl *tu);

// ---- Pass: privatisation of globals and statics (Privatize.cpp) -------------
// (what it rewrites is found by PrivateVariables.cpp)
// Every mutable variable with static or thread storage that the main file
// uses or defines gets a descriptor (hcc/hcc.h: hcc_private_var) and every
// use in the main file becomes the running rank's copy; C++ dynamic
// initialisers run per rank. Warnings for what cannot be privatised.
void privatizeGlobals(PassContext &pc, HccPragmaStore &store, clang::TranslationUnitDecl *tu);

// ---- Pass: data kept per thread (ThreadLocals.cpp) ---------------------------
// In simulated builds: a file that defines or uses a thread-local or
// threadprivate variable defines hcc_program_thread_locals (weak), which
// gives every simulated thread a system thread of its own.
void markThreadLocals(PassContext &pc, clang::TranslationUnitDecl *tu);

// ---- Pass: combined masked and master taskloops (MaskedTaskLoops.cpp) -------
// In every mode: `[parallel] masked taskloop [simd]` and `parallel master
// taskloop [simd]`, which clang 19 compiles wrong, written as the nested
// directives they stand for. Runs last: it copies clauses as the other
// passes left them.
void splitMaskedTaskLoops(PassContext &pc, clang::TranslationUnitDecl *tu);

// ---- Pass: atomics on shared lines (SharedAtomics.cpp) ------------------------
// In instrumented and simulated builds: hcc_shared_line(&x) before each
// `#pragma omp atomic` on x of the main file, whose cache line's moves
// between cores a simulation charges.
void markSharedAtomics(PassContext &pc, clang::TranslationUnitDecl *tu);

// ---- The C library's allocation functions (FoldedAllocations.cpp) -----------
// Those the driver redirects in instrumented and simulated builds
// (drivers/hccsim), by name, and which arguments give the bytes they
// allocate: argument `size`, times argument `count` (-1: none).
struct AllocationFunction {
  const char *name;
  int size, count;
};
const AllocationFunction *allocationFunction(llvm::StringRef name);

// ---- Which functions create or wait for tasks, or call MPI (TaskFunctions.cpp) ---
// Whether a statement creates, waits for or completes tasks itself.
bool createsOrWaits(const clang::Stmt *s);

class TaskFunctions {
 public:
  // Builds the translation unit's call graph.
  TaskFunctions(PassContext &pc, clang::TranslationUnitDecl *tu);
  ~TaskFunctions();
  // Whether a task's body creates or waits for tasks, waits for another
  // thread (a loop on a flag), excludes others (critical, OpenMP locks), or
  // calls MPI, directly
  // or through functions of this translation unit (in a template: in any
  // instantiation).
  bool isControl(const clang::OMPTaskDirective *d) const;
  // Whether a task's body, directly or through functions of this file,
  // stores what may steer control code (SteeringStores.hpp): it runs in
  // simulation, as a control body does.
  bool steers(const clang::OMPTaskDirective *d) const;
  // Whether a task's body, directly or through functions of this file,
  // reads or writes a file (stdout included): it runs in simulation too, and
  // steers() says so.
  bool doesFileIo(const clang::OMPTaskDirective *d) const;
  // The mark symbols of the functions of other translation units a task's
  // body may call, directly or through functions of this one (sorted).
  std::vector<std::string> externalCallees(const clang::OMPTaskDirective *d);
  // `static const hcc_omp_function_mark *const name[] = {&sym, ...};`, or "".
  static std::string calleeArray(const std::string &name, const std::vector<std::string> &symbols);
  // After the tasks: fills prelude (weak declarations of the marks referred
  // to) and epilogue (the marks of this file's functions).
  void emitMarks();
  std::string prelude, epilogue;

 private:
  friend class CallGraphBuilder;
  friend class TaskVisitor;
  // What the constructs at one location say (a template's pattern and its
  // instantiations together).
  struct Task {
    bool control = false;
    bool steers = false;
    bool fileIo = false;
    std::set<const clang::FunctionDecl *> callees;
  };
  bool bodyIsControl(const clang::Stmt *body) const;
  bool isExternal(const clang::FunctionDecl *f) const;
  std::string markSymbol(const clang::FunctionDecl *f) const;
  std::vector<std::string> externalCallees(const std::set<const clang::FunctionDecl *> &start);
  PassContext &pc_;
  std::unique_ptr<clang::MangleContext> mangler_;
  std::map<const clang::FunctionDecl *, std::set<const clang::FunctionDecl *>> callees_;  // by canonical decl
  std::set<const clang::FunctionDecl *> control_;
  std::set<const clang::FunctionDecl *> steers_;      // functions whose stores steer control code
  std::set<const clang::FunctionDecl *> fileIo_;      // functions that read or write a file
  std::set<const clang::ValueDecl *> conditionReads_;  // variables and members the file's conditions read
  std::set<const clang::ValueDecl *> tested_;  // the same, without the pointers followed (SteeringStores.hpp's flags)
  // Arrays, pointers and objects whose contents decide how many times a
  // loop of the file goes round (loopConditionReads, without the ifs that
  // return outside loops): a task that stores numbers into them steers.
  std::set<const clang::ValueDecl *> loopContents_;
  std::map<clang::SourceLocation::UIntTy, Task> tasks_;  // by the construct's location
  std::set<std::string> referenced_;  // marks of other files the annotations use
};

// ---- CUDA implementations (CudaImpl.cpp) -------------------------------------
struct CudaImpl {
  std::string definitions;     // at namespace scope: the argument block's struct and the wrapper
  std::string wrapper;         // the wrapper's name (hcc_omp_task_info::cuda)
  std::string block, blockInit;  // where the task is created: the argument block, or ""
};
// The CUDA wrapper of `#pragma hcc task impl(cuda: impl)` on task d; false
// after a diagnostic.
bool buildCudaImpl(PassContext &pc, const clang::OMPTaskDirective *d, const clang::FunctionDecl &impl, unsigned id,
                   CudaImpl &out);

// ---- Pass: task attributes (TaskAttributes.cpp) ------------------------------
// Before each task of the main file, a call telling the runtime what the
// compiler knows of it; the marks of TaskFunctions; `#include "hcc/hcc.h"`.
void annotateTasks(PassContext &pc, clang::TranslationUnitDecl *tu);

}  // namespace hcc::rewriter
