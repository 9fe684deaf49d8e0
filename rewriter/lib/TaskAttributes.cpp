// Pass: what only the compiler knows about each task, handed to the OpenMP
// runtime (rt/omp) while clang's own code generation lowers the construct.
// Before each `#pragma omp task` of the main file the pass inserts a call to
// hcc_omp_next_task() with the task's kernel name (its `#pragma hcc task
// name(...)`, else the callee of a one-call body, else file:line), whether
// its body creates or waits for tasks, fulfils a detached task's event or
// calls MPI (simulations run such bodies and simulate the others;
// TaskFunctions.cpp),
// its `#pragma hcc params(...)`, else the work the compiler counts in its
// body (TaskWork.cpp; evaluated in instrument and simulate builds only),
// and its hcc priority, alloc/free and CUDA implementation
// (CudaImpl.cpp). Tasks written in macros are left to the runtime's names.
#include "TaskWork.hpp"
#include "clang/AST/RecursiveASTVisitor.h"
#include "hccrewriter/Passes.hpp"

#include <sstream>

using namespace clang;

namespace hcc::rewriter {
namespace {

// The callee of a body that is one call (`f(...)`, `x = f(...)`), or "".
// Not an overloaded operator's: `v[i] += w[i]` on std::vectors, or a
// lambda's call, would name every such task `operator[]` or `operator()`,
// and tasks of one name share one model.
std::string oneCallee(const Stmt *body) {
  if (auto *cs = dyn_cast<CompoundStmt>(body)) {
    if (cs->size() != 1) return "";
    body = cs->body_front();
  }
  const Expr *e = dyn_cast<Expr>(body);
  if (!e) return "";
  e = e->IgnoreParenImpCasts();
  if (auto *bo = dyn_cast<BinaryOperator>(e); bo && bo->isAssignmentOp()) e = bo->getRHS()->IgnoreParenImpCasts();
  // In a template, `a = f<T>(n)` on a dependent operand: a BinaryOperator
  // only once instantiated.
  if (auto *op = dyn_cast<CXXOperatorCallExpr>(e); op && op->isAssignmentOp()) e = op->getArg(1)->IgnoreParenImpCasts();
  auto *ce = dyn_cast<CallExpr>(e);
  if (!ce || isa<CXXOperatorCallExpr>(ce)) return "";
  if (auto *f = ce->getDirectCallee()) return f->getNameAsString();
  // A call that depends on a template parameter names its candidates.
  if (auto *u = dyn_cast<UnresolvedLookupExpr>(ce->getCallee()->IgnoreParenImpCasts())) return u->getName().getAsString();
  return "";
}

class Annotator : public RecursiveASTVisitor<Annotator> {
 public:
  Annotator(PassContext &pc, TaskFunctions &functions) : pc_(pc), functions_(functions) {}

  // The declaration at namespace scope being walked: CUDA wrappers go before it.
  bool TraverseDecl(Decl *d) {
    if (!d || !d->getDeclContext() || !d->getDeclContext()->isFileContext() || isa<NamespaceDecl>(d) ||
        isa<LinkageSpecDecl>(d) || isa<ExportDecl>(d))
      return RecursiveASTVisitor::TraverseDecl(d);
    Decl *outer = top_;
    top_ = d;
    const bool ok = RecursiveASTVisitor::TraverseDecl(d);
    top_ = outer;
    return ok;
  }

  bool VisitOMPTaskDirective(OMPTaskDirective *d) {
    SourceLocation begin = d->getBeginLoc();
    if (begin.isMacroID() || !pc_.inMainFile(begin)) return true;
    const Stmt *body = d->getInnermostCapturedStmt()->getCapturedStmt();
    const bool control = functions_.isControl(d);
    // A body whose effects steer control code runs in simulation as a
    // control body does (SteeringStores.hpp), or `#pragma hcc task run`.
    const bool forced = pc_.hccInfo.count(d) && pc_.hccInfo.at(d).run;
    const bool steers = !control && (forced || functions_.steers(d));
    const std::vector<std::string> callees = functions_.externalCallees(d);
    const HccTaskInfo *info = nullptr;
    if (auto it = pc_.hccInfo.find(d); it != pc_.hccInfo.end()) info = &it->second;
    const unsigned line = pc_.line(begin);
    // `#pragma hcc task name("...")` keeps the literal's spelling.
    std::string name = info && !info->name.empty() ? info->name : oneCallee(body);
    if (name.empty()) name = pc_.baseName + ":" + std::to_string(line);
    const std::string literal = name.front() == '"' ? name : quoted(name);
    if (name.front() == '"') name = name.substr(1, name.size() - 2);

    const unsigned id = next_++;
    const std::string n = std::to_string(id);
    CudaImpl cuda;
    if (info && info->cudaImpl) {
      if (!top_ || !buildCudaImpl(pc_, d, *info->cudaImpl, id, cuda)) return true;
      // In the order of the tasks, each followed by the line it stands before.
      const SourceLocation at = pc_.sm.getExpansionLoc(top_->getBeginLoc());
      pc_.rewriter.InsertTextAfter(at, "\n" + cuda.definitions + pc_.lineMarker(pc_.line(at)));
    }

    // Its parameters: the user's, else the work the compiler counts in it
    // (TaskWork.cpp), for a body a simulation skips and charges its model.
    std::vector<std::pair<std::string, std::string>> params;  // name, C expression
    unsigned paramsLine = line;
    const bool userParams = info && !info->params.empty();
    if (userParams) {
      for (const auto &[pname, e] : info->params) params.emplace_back(pname, pc_.exprText(e));
      paramsLine = pc_.line(info->params[0].second->getBeginLoc());
    } else if (!control && !steers) {
      if (std::string work = taskWork(pc_, d); !work.empty()) params.emplace_back("work", std::move(work));
    }

    std::ostringstream o;
    o << "{\n";
    const size_t nparams = params.size();
    if (nparams) {
      o << "static const char *const __hcc_pn" << n << "[] = {";
      for (size_t i = 0; i < nparams; ++i) o << (i ? ", " : "") << quoted(params[i].first);
      o << "};\n";
    }
    o << TaskFunctions::calleeArray("__hcc_tc" + n, callees);
    o << "static const hcc_omp_task_info __hcc_ti" << n << " = {" << literal << ", " << quoted(pc_.baseName) << ", "
      << line << ", " << (control ? "HCC_CODELET_CONTROL" : steers ? "HCC_CODELET_STEERS" : "0") << ", " << nparams << ", "
      << (nparams ? "__hcc_pn" + n : std::string("0")) << ", " << callees.size() << ", "
      << (callees.empty() ? "0" : "__hcc_tc" + n) << ", " << (cuda.wrapper.empty() ? "0" : cuda.wrapper) << "};\n";
    // The values, evaluated where the task is created.
    auto value = [&](const Expr *e, const char *type) {
      return e ? std::string("(") + type + ")(" + pc_.exprText(e) + ")"
               : std::string("0");
    };
    const Expr *priority = info ? info->priority : nullptr;
    std::string rest = ", " + value(priority, "int") + ", " + (priority ? "1" : "0") + ", " +
                       value(info ? info->alloc : nullptr, "size_t") + ", " + value(info ? info->free : nullptr, "size_t");
    rest += cuda.block.empty() ? ", 0, 0" : ", &" + cuda.block + ", sizeof " + cuda.block;
    const bool hccValues = priority || (info && (info->alloc || info->free || info->cudaImpl));
    if (hccValues) o << pc_.lineMarker(pc_.line(info->taskLoc));
    o << cuda.blockInit;
    if (nparams) {
      o << "#ifdef HCC_CAPTURE_PARAMS\n"
        << pc_.lineMarker(paramsLine) << "const double __hcc_pv" << n << "[] = {";
      for (size_t i = 0; i < nparams; ++i) o << (i ? ", " : "") << "(double)(" << params[i].second << ")";
      o << "};\n"
        << "const hcc_omp_task_values __hcc_tv" << n << " = {__hcc_pv" << n << rest << "};\n"
        << "#else\n";
    }
    o << "const hcc_omp_task_values __hcc_tv" << n << " = {0" << rest << "};\n";
    if (nparams) {
      // Not evaluated, still used (no unused-function warning for a helper
      // only the user's parameters call).
      if (userParams) {
        o << "if (0) {\n";
        for (size_t i = 0; i < nparams; ++i) o << "  (void)(" << params[i].second << ");\n";
        o << "}\n";
      }
      o << "#endif\n";
    }
    o << "hcc_omp_next_task(&__hcc_ti" << n << ", &__hcc_tv" << n << ");\n";
    o << pc_.lineMarker(line);
    CharSourceRange whole = pc_.constructRange(d);
    pc_.rewriter.InsertTextBefore(whole.getBegin(), o.str());
    pc_.rewriter.InsertTextAfterToken(whole.getEnd(), "\n}\n" + pc_.lineMarker(pc_.line(whole.getEnd())));
    pc_.remark(begin, "task '" + name + "'" + (control ? " (creates or waits for tasks or for another thread, or calls MPI)" : "") +
                          (steers ? (forced                    ? " (runs in simulation: hcc task run)"
                                     : functions_.doesFileIo(d) ? " (runs in simulation: it reads or writes a file)"
                                                                : " (runs in simulation: its stores steer control code)")
                                  : "") +
                          (userParams ? ", " + std::to_string(nparams) + " parameters"
                           : nparams  ? ", work " + params[0].second
                                      : "") +
                          (callees.empty() ? "" : ", calls " + std::to_string(callees.size()) +
                                                      " function(s) of other files") +
                          (cuda.wrapper.empty() ? "" : ", CUDA implementation"));
    return true;
  }

 private:
  PassContext &pc_;
  TaskFunctions &functions_;
  Decl *top_ = nullptr;
  unsigned next_ = 0;
};

}  // namespace

void annotateTasks(PassContext &pc, TranslationUnitDecl *tu) {
  TaskFunctions functions(pc, tu);
  Annotator(pc, functions).TraverseDecl(tu);
  if (pc.hadError()) return;
  functions.emitMarks();
  SourceManager &sm = pc.sm;
  const FileID main = sm.getMainFileID();
  pc.rewriter.InsertTextBefore(sm.getLocForStartOfFile(main),
                               "#include \"hcc/hcc.h\"\n" + functions.prelude + pc.lineMarker(1));
  if (!functions.epilogue.empty()) pc.rewriter.InsertTextAfter(sm.getLocForEndOfFile(main), functions.epilogue);
}

}  // namespace hcc::rewriter
