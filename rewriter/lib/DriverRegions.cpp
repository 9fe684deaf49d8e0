// Pass: the driver pattern `#pragma omp parallel` + `#pragma omp single`
// (or master/masked) around task-creating code. The runtime's workers are the
// team, so both pragmas are removed, the block is kept and an hcc_wait_all()
// stands for the region's closing barrier. The file's main gets hcc_init() at
// its start and hcc_shutdown() before each return.
#include "clang/AST/Expr.h"
#include "hccrewriter/Passes.hpp"

#include <functional>
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;

namespace hcc::rewriter {

namespace {
bool isDriverInner(const Stmt *s) {
  return isa<OMPSingleDirective>(s) || isa<OMPMasterDirective>(s) || isa<OMPMaskedDirective>(s);
}

bool checkClauses(PassContext &pc, const OMPExecutableDirective *d, std::initializer_list<llvm::omp::Clause> allowed) {
  bool ok = true;
  for (const OMPClause *c : d->clauses()) {
    if (c->isImplicit()) continue;
    bool fine = false;
    for (auto a : allowed) fine = fine || c->getClauseKind() == a;
    if (fine) continue;
    pc.error(c->getBeginLoc(), "clause '" + std::string(llvm::omp::getOpenMPClauseName(c->getClauseKind())) +
                                   "' on the 'omp " +
                                   std::string(llvm::omp::getOpenMPDirectiveName(d->getDirectiveKind())) +
                                   "' of a task region is not supported; declare such variables inside the "
                                   "'omp single' block");
    ok = false;
  }
  return ok;
}
}  // namespace

Stmt *lowerDriverRegion(PassContext &pc, OMPExecutableDirective *parallel, Scope &scope, bool &handled) {
  using namespace llvm::omp;
  handled = false;
  Stmt *block = parallel->getStructuredBlock();
  if (!containsTaskConstructs(block)) return nullptr;
  handled = true;
  if (scope.inRegion) {
    diagnoseUnsupportedDirective(pc, parallel);
    return nullptr;
  }
  Stmt *inner = block;
  if (auto *cs = dyn_cast<CompoundStmt>(block); cs && cs->size() == 1) inner = cs->body_front();
  if (!isDriverInner(inner)) {
    pc.error(parallel->getBeginLoc(),
             "an 'omp parallel' region that creates tasks must consist of one 'omp single', 'omp master' or "
             "'omp masked' construct; code outside it would run once per thread");
    return nullptr;
  }
  auto *single = cast<OMPExecutableDirective>(inner);
  bool ok = checkClauses(pc, parallel, {OMPC_num_threads, OMPC_if, OMPC_default, OMPC_shared, OMPC_proc_bind});
  ok = checkClauses(pc, single, {OMPC_nowait, OMPC_filter}) && ok;
  if (!ok) return nullptr;
  Rewriter &r = *scope.rewriter;
  r.ReplaceText(pc.pragmaRange(parallel), "{ /* omp parallel: the hccsim workers are the team */");
  r.ReplaceText(pc.pragmaRange(single), "/* omp " +
                                            std::string(getOpenMPDirectiveName(single->getDirectiveKind())) + " */");
  r.InsertTextAfterToken(pc.stmtRange(block).getEnd(), " hcc_wait_all(); }");
  pc.remark(parallel->getBeginLoc(), "lowered 'omp parallel' + 'omp " +
                                         std::string(getOpenMPDirectiveName(single->getDirectiveKind())) +
                                         "': the block runs once, hcc_wait_all() at its end");
  return single->getStructuredBlock();
}

void instrumentMain(PassContext &pc, FunctionDecl *main) {
  auto *body = dyn_cast_or_null<CompoundStmt>(main->getBody());
  if (!body) return;
  Rewriter &r = pc.rewriter;
  std::vector<const ReturnStmt *> returns;
  std::function<void(const Stmt *)> find = [&](const Stmt *s) {
    if (!s) return;
    if (auto *ret = dyn_cast<ReturnStmt>(s)) returns.push_back(ret);
    if (isa<OMPExecutableDirective>(s)) return;  // no return leaves a structured block
    for (const Stmt *c : s->children()) find(c);
  };
  find(body);
  for (const ReturnStmt *ret : returns) {
    if (ret->getBeginLoc().isMacroID()) {
      pc.error(ret->getBeginLoc(), "a 'return' of main written by a macro cannot be instrumented; write it out");
      continue;
    }
    std::string text;
    if (const Expr *e = ret->getRetValue())
      text = "{ hcc_wait_all(); int __hcc_ret = (" +
             pc.text(CharSourceRange::getTokenRange(pc.sm.getExpansionLoc(e->getBeginLoc()),
                                                    pc.sm.getExpansionLoc(e->getEndLoc()))) +
             "); hcc_shutdown(); return __hcc_ret; }";
    else
      text = "{ hcc_shutdown(); return; }";
    r.ReplaceText(pc.stmtRange(ret), text);
  }
  // After the returns, and before any text already at that offset: a return
  // right after '{' is replaced by then, and Rewriter would count text
  // inserted at the start of a range into the length it replaces.
  r.InsertText(pc.sm.getExpansionLoc(body->getLBracLoc()).getLocWithOffset(1), " if (hcc_init() != 0) return 1;",
               /*InsertAfter=*/false);
  if (body->body_empty() || !isa<ReturnStmt>(body->body_back()))
    r.InsertTextBefore(pc.sm.getExpansionLoc(body->getRBracLoc()), "hcc_shutdown();\n");
}

}  // namespace hcc::rewriter
