// Pass: the `#pragma hcc` directives that stand before a statement.
//
//   sample(local|global, n), sample(auto, tol = e[, max = n])
//       before a block, an expression statement or a loop (a loop is sampled
//       per iteration): the runtime runs and times the first runs, then skips
//       them and charges their mean (rt/program/sampling.cpp). The statement is
//       kept; calls around it expand to nothing in native builds
//       (HCC_SAMPLE_* in hcc/hcc.h).
//   delay(seconds = e), delay(flops = e)
//       the statement is replaced by that cost in simulated builds
//       (HCC_DELAY), run as written otherwise.
//   shared [(all)], keep
//       before a statement that allocates (malloc family, new): its
//       allocations are folded in simulation whatever their size, or never;
//       shared before an array with static storage folds the array.
//
// Insertions stay on the statement's own lines, so that diagnostics and
// debug information keep the program's line numbers.
#include <algorithm>

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "hccrewriter/Passes.hpp"

using namespace clang;

namespace hcc::rewriter {
namespace {

// A statement a directive may stand before: a child of a block, or a
// declaration at namespace scope.
struct Candidate {
  SourceLocation begin;
  const Stmt *stmt = nullptr;           // in a block
  const CompoundStmt *block = nullptr;  // its block
  const VarDecl *global = nullptr;      // at namespace scope
};

class CandidateCollector : public RecursiveASTVisitor<CandidateCollector> {
 public:
  CandidateCollector(PassContext &pc) : pc_(pc) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitCompoundStmt(CompoundStmt *b) {
    for (Stmt *s : b->body())
      if (pc_.inMainFile(s->getBeginLoc())) found.push_back({pc_.sm.getExpansionLoc(s->getBeginLoc()), s, b, nullptr});
    return true;
  }
  bool VisitVarDecl(VarDecl *d) {
    if (d->getDeclContext()->isFileContext() && pc_.inMainFile(d->getBeginLoc()))
      found.push_back({pc_.sm.getExpansionLoc(d->getBeginLoc()), nullptr, nullptr, d});
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *f) {
    if (f->hasBody() && pc_.inMainFile(f->getBeginLoc()))
      functions.push_back(SourceRange(pc_.sm.getExpansionLoc(f->getBeginLoc()),
                                      pc_.sm.getExpansionLoc(f->getBody()->getEndLoc())));
    return true;
  }

  std::vector<Candidate> found;
  std::vector<SourceRange> functions;

 private:
  PassContext &pc_;
};

// What a statement does that a directive before it must know of.
class BodyScan : public RecursiveASTVisitor<BodyScan> {
 public:
  bool VisitCallExpr(CallExpr *c) {
    if (const FunctionDecl *f = c->getDirectCallee()) {
      const std::string name = f->getNameAsString();
      if (allocationFunction(name)) allocates = true;
      if (name.rfind("MPI_", 0) == 0 || name.rfind("PMPI_", 0) == 0) mpi = mpi ? mpi : c;
    }
    return true;
  }
  bool VisitStmt(Stmt *s) {
    if (!tasks && createsOrWaits(s)) tasks = s;
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *) {
    allocates = true;
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *r) {
    leaves = leaves ? leaves : r;
    return true;
  }
  bool VisitGotoStmt(GotoStmt *g) {
    leaves = leaves ? leaves : g;
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *g) {
    leaves = leaves ? leaves : g;
    return true;
  }
  // break and continue leave the statement unless a loop (or, for break, a
  // switch) inside it holds them.
  bool TraverseForStmt(ForStmt *s) { return nested(s); }
  bool TraverseWhileStmt(WhileStmt *s) { return nested(s); }
  bool TraverseDoStmt(DoStmt *s) { return nested(s); }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *s) { return nested(s); }
  bool TraverseSwitchStmt(SwitchStmt *s) {
    ++switches_;
    bool r = RecursiveASTVisitor::TraverseSwitchStmt(s);
    --switches_;
    return r;
  }
  bool VisitBreakStmt(BreakStmt *b) {
    if (loops_ == 0 && switches_ == 0) leaves = leaves ? leaves : b;
    return true;
  }
  bool VisitContinueStmt(ContinueStmt *c) {
    if (loops_ == 0) leaves = leaves ? leaves : c;
    return true;
  }
  // Lambdas and blocks are other functions: what they return is theirs.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

  bool allocates = false;
  const CallExpr *mpi = nullptr;
  const Stmt *tasks = nullptr;  // the first construct that creates or waits for tasks
  const Stmt *leaves = nullptr;  // the first jump out of the statement

 private:
  template <typename Loop>
  bool nested(Loop *s) {
    ++loops_;
    bool r = RecursiveASTVisitor::TraverseStmt(s->getBody());
    --loops_;
    // The loop's header belongs to the statement too.
    for (Stmt *child : s->children())
      if (child && child != s->getBody()) r = r && RecursiveASTVisitor::TraverseStmt(child);
    return r;
  }
  int loops_ = 0, switches_ = 0;
};

const char *directiveName(HccPragma::Kind k) {
  switch (k) {
    case HccPragma::Shared: return "shared";
    case HccPragma::Keep: return "keep";
    case HccPragma::Sample: return "sample";
    case HccPragma::Delay: return "delay";
    case HccPragma::Model: return "model";
    case HccPragma::Split: return "split";
    default: return "?";
  }
}

const Stmt *loopBody(const Stmt *s) {
  if (auto *f = dyn_cast<ForStmt>(s)) return f->getBody();
  if (auto *w = dyn_cast<WhileStmt>(s)) return w->getBody();
  if (auto *d = dyn_cast<DoStmt>(s)) return d->getBody();
  if (auto *r = dyn_cast<CXXForRangeStmt>(s)) return r->getBody();
  return nullptr;
}

class StatementPragmas {
 public:
  StatementPragmas(PassContext &pc, TranslationUnitDecl *tu) : pc_(pc) {
    CandidateCollector c(pc);
    c.TraverseDecl(tu);
    candidates_ = std::move(c.found);
    functions_ = std::move(c.functions);
    std::sort(candidates_.begin(), candidates_.end(),
              [&](const Candidate &a, const Candidate &b) { return before(a.begin, b.begin); });
  }

  void run(HccPragmaStore &store) {
    for (const HccPragma &p : store.pragmas) {
      if (!p.valid || p.kind == HccPragma::Params || p.kind == HccPragma::Task || p.kind == HccPragma::KeepGlobal)
        continue;
      if (!pc_.inMainFile(p.loc)) continue;
      const Candidate *c = attached(p);
      if (!c) {
        pc_.error(p.loc, std::string("'#pragma hcc ") + directiveName(p.kind) +
                             "' is not followed by a statement of the same block; put it on the line before the "
                             "statement it applies to");
        continue;
      }
      switch (p.kind) {
        case HccPragma::Shared:
        case HccPragma::Keep: allocation(p, *c); break;
        case HccPragma::Sample: sample(p, *c); break;
        case HccPragma::Delay: delay(p, *c); break;
        case HccPragma::Model: model(p, *c); break;
        case HccPragma::Split: rewriteSplitLoop(pc_, p, c->stmt, next_++); break;
        default: break;
      }
    }
    if (!constructors_.empty()) pc_.rewriter.InsertTextAfter(pc_.sm.getLocForEndOfFile(pc_.sm.getMainFileID()), constructors_);
  }

 private:
  bool before(SourceLocation a, SourceLocation b) const { return pc_.sm.isBeforeInTranslationUnit(a, b); }

  // The first statement after the directive, in the block the directive is
  // in (or at namespace scope when it is in no function).
  const Candidate *attached(const HccPragma &p) const {
    const SourceLocation at = pc_.sm.getExpansionLoc(p.loc);
    auto it = std::upper_bound(candidates_.begin(), candidates_.end(), at,
                               [&](SourceLocation l, const Candidate &c) { return before(l, c.begin); });
    if (it == candidates_.end()) return nullptr;
    if (it->block) {
      const SourceLocation open = pc_.sm.getExpansionLoc(it->block->getLBracLoc());
      return before(open, at) ? &*it : nullptr;
    }
    for (const SourceRange &f : functions_)
      if (before(f.getBegin(), at) && before(at, f.getEnd())) return nullptr;
    return &*it;
  }

  // Text inserted before and after a statement, on its own lines.
  void around(const Stmt *s, const std::string &pre, const std::string &post) {
    CharSourceRange r = pc_.stmtRange(s);
    pc_.rewriter.InsertTextBefore(r.getBegin(), pre);
    pc_.rewriter.InsertTextAfterToken(r.getEnd(), post);
  }

  std::string siteName(const HccPragma &p) const { return pc_.baseName + ":" + std::to_string(pc_.line(p.loc)); }

  bool noJumpOut(const HccPragma &p, const BodyScan &scan, const char *what) {
    if (!scan.leaves) return true;
    const char *jump = isa<ReturnStmt>(scan.leaves)     ? "return"
                       : isa<BreakStmt>(scan.leaves)    ? "break"
                       : isa<ContinueStmt>(scan.leaves) ? "continue"
                                                        : "goto";
    pc_.error(scan.leaves->getBeginLoc(), std::string("'") + jump + "' leaves the statement of '#pragma hcc " +
                                              directiveName(p.kind) + "' (line " + std::to_string(pc_.line(p.loc)) +
                                              "); " + what);
    return false;
  }

  // shared / keep: the statement's allocations, or a static array.
  void allocation(const HccPragma &p, const Candidate &c) {
    const bool shared = p.kind == HccPragma::Shared;
    const VarDecl *array = c.global;
    if (!array && c.stmt) {
      if (auto *ds = dyn_cast<DeclStmt>(c.stmt); ds && ds->isSingleDecl())
        if (auto *v = dyn_cast<VarDecl>(ds->getSingleDecl()); v && v->getType()->isArrayType()) array = v;
    }
    if (array && array->getType()->isArrayType()) {
      if (!shared) {
        pc_.error(p.loc, "'#pragma hcc keep' before an array: arrays are never folded unless marked "
                         "'#pragma hcc shared'; remove it");
        return;
      }
      if (!array->hasGlobalStorage()) {
        pc_.error(p.loc, "'#pragma hcc shared' before array '" + array->getNameAsString() +
                             "' of automatic storage: the stack cannot be folded; make it static or allocate it "
                             "with malloc");
        return;
      }
      foldStatic(p, *array, c);
      return;
    }
    if (!c.stmt) {
      pc_.error(p.loc, std::string("'#pragma hcc ") + directiveName(p.kind) +
                           "' at namespace scope must precede an array declaration");
      return;
    }
    BodyScan scan;
    scan.TraverseStmt(const_cast<Stmt *>(c.stmt));
    if (!scan.allocates) {
      pc_.error(p.loc, std::string("'#pragma hcc ") + directiveName(p.kind) +
                           "' must precede a statement that allocates (malloc, calloc, realloc, aligned_alloc, "
                           "posix_memalign, new) or an array declaration");
      return;
    }
    if (!noJumpOut(p, scan, "the allocation mode would outlive it")) return;
    const std::string mode = !shared      ? "hcc_program_allocations(HCC_ALLOCATIONS_KEPT); "
                             : p.sharedAll ? "hcc_program_fold_all(" + quoted(siteName(p)) + "); "
                                           : "hcc_program_allocations(HCC_ALLOCATIONS_FOLDED); ";
    around(c.stmt, mode, " hcc_program_allocations(HCC_ALLOCATIONS_BY_SIZE);");
    pc_.allocationDirectives.emplace_back(pc_.sm.getExpansionLoc(c.stmt->getBeginLoc()),
                                          pc_.sm.getExpansionLoc(c.stmt->getEndLoc()));
    pc_.remark(p.loc, !shared      ? "allocations never folded (#pragma hcc keep)"
                      : p.sharedAll ? "allocations folded in simulation, one range for all ranks "
                                      "(#pragma hcc shared(all))"
                                    : "allocations folded in simulation (#pragma hcc shared)");
  }

  void foldStatic(const HccPragma &p, const VarDecl &v, const Candidate &c) {
    const std::string name = v.getQualifiedNameAsString();
    const std::string call = "hcc_program_fold_static((void *)&" + (c.block ? v.getNameAsString() : name) +
                             ", sizeof " + (c.block ? v.getNameAsString() : name) + ")";
    if (c.block) {
      // A static local: folded the first time control passes its declaration.
      const std::string flag = "hcc_folded_" + std::to_string(next_++);
      around(c.stmt, "", " static int " + flag + "; if (!" + flag + ") { " + flag + " = 1; " + call + "; }");
    } else {
      constructors_ += "\n__attribute__((constructor)) static void hcc_fold_static_" + std::to_string(next_++) +
                       "(void) { " + call + "; }\n";
    }
    pc_.remark(p.loc, "array '" + name + "' folded in simulation (#pragma hcc shared)");
  }

  void sample(const HccPragma &p, const Candidate &c) {
    if (!checkBurst(p, c)) return;
    const std::string site = "hcc_sample_" + std::to_string(next_++);
    const char *kind = p.sample == HccPragma::SampleLocal    ? "HCC_SAMPLE_LOCAL"
                       : p.sample == HccPragma::SampleGlobal ? "HCC_SAMPLE_GLOBAL"
                                                             : "HCC_SAMPLE_AUTO";
    const std::string count = p.sampleCount ? "(double)(" + pc_.exprText(p.sampleCount) + ")" : "0.0";
    const std::string tol = p.sampleTol ? "(double)(" + pc_.exprText(p.sampleTol) + ")" : "0.0";
    const std::string enter =
        "if (HCC_SAMPLE_ENTER(&" + site + ", " + kind + ", " + count + ", " + tol + ")) ";
    const std::string leave = " HCC_SAMPLE_LEAVE(&" + site + ");";
    const std::string decl =
        "static hcc_sample_site " + site + " HCC_SAMPLE_SITE = {" + quoted(siteName(p)) + ", 0}; ";
    const Stmt *body = loopBody(c.stmt);
    if (body) {
      // Per iteration: a `continue` skips the leave, the next enter closes
      // the run; a `break` leaves it to the close after the loop.
      CharSourceRange r = pc_.stmtRange(body);
      pc_.rewriter.InsertTextBefore(r.getBegin(), "{ " + enter + "{ ");
      pc_.rewriter.InsertTextAfterToken(r.getEnd(), " }" + leave + " }");
      around(c.stmt, decl, " HCC_SAMPLE_CLOSE(&" + site + ");");
    } else {
      around(c.stmt, decl + enter + "{ ", " }" + leave + " HCC_SAMPLE_CLOSE(&" + site + ");");
    }
    pc_.remark(p.loc, "CPU burst '" + siteName(p) + "' sampled" + (body ? " per iteration" : ""));
  }

  void delay(const HccPragma &p, const Candidate &c) {
    if (!checkBurst(p, c)) return;
    const std::string amount = pc_.exprText(p.delay);
    around(c.stmt, std::string("if (HCC_DELAY(") + (p.delayFlops ? "1" : "0") + ", " + amount + ")) { ", " }");
    pc_.remark(p.loc, std::string("statement replaced by a delay of ") + amount +
                          (p.delayFlops ? " flops" : " seconds") + " in simulation");
  }

  // model: the loop that follows is charged from its model in simulation,
  // not run: a worksharing loop's chunks (rt/omp/loop_kernels.hpp; the loop
  // named as the runtime names it, after its OpenMP directive's line), or a
  // plain `for` nest, which the loop-nest pass wraps (LoopNests.cpp).
  void model(const HccPragma &p, const Candidate &c) {
    if (auto *plain = dyn_cast_or_null<ForStmt>(c.stmt)) {
      if (!checkBurst(p, c)) return;
      pc_.modelledLoops.insert(plain);
      return;
    }
    const auto *loop = dyn_cast_or_null<OMPLoopDirective>(c.stmt);
    if (!loop || !isOpenMPWorksharingDirective(loop->getDirectiveKind()) ||
        isOpenMPTaskLoopDirective(loop->getDirectiveKind())) {
      pc_.error(p.loc, "'#pragma hcc model' must precede a 'for' loop or an OpenMP worksharing loop ('#pragma omp "
                       "for', '#pragma omp parallel for'); put it on the line before the loop or its directive");
      return;
    }
    const std::string kernel = "loop:" + pc_.baseName + ":" + std::to_string(pc_.line(loop->getBeginLoc()));
    constructors_ += "\n__attribute__((constructor)) static void hcc_loop_model_" + std::to_string(next_++) +
                     "(void) { hcc_loop_modelled(" + quoted(kernel) + "); }\n";
    pc_.remark(p.loc, "loop '" + kernel + "' charged from its model in simulation, its iterations not run (#pragma hcc model)");
  }

  // What a simulation may skip: a statement that is not a declaration (its
  // scope would change), with no MPI, no tasks, no jump out of it.
  bool checkBurst(const HccPragma &p, const Candidate &c) {
    const std::string dir = std::string("'#pragma hcc ") + directiveName(p.kind) + "'";
    const Stmt *s = c.stmt;
    if (!s || isa<DeclStmt>(s)) {
      pc_.error(p.loc, dir + " must precede a block, a loop or an expression statement, not a declaration");
      return false;
    }
    BodyScan scan;
    scan.TraverseStmt(const_cast<Stmt *>(s));
    if (scan.mpi) {
      pc_.error(scan.mpi->getBeginLoc(), "MPI call in the statement of " + dir + " (line " +
                                             std::to_string(pc_.line(p.loc)) +
                                             "): communications cannot be skipped; sample the computation around it");
      return false;
    }
    if (scan.tasks) {
      pc_.error(scan.tasks->getBeginLoc(), "task construct in the statement of " + dir + " (line " +
                                               std::to_string(pc_.line(p.loc)) +
                                               "): task graphs are simulated, not skipped; put the directive on "
                                               "the computation inside the tasks' bodies instead");
      return false;
    }
    return noJumpOut(p, scan, "a skipped statement must end where it ends (move the jump after it)");
  }

  PassContext &pc_;
  std::vector<Candidate> candidates_;
  std::vector<SourceRange> functions_;
  std::string constructors_;
  unsigned next_ = 0;
};

}  // namespace

void rewriteStatementPragmas(PassContext &pc, HccPragmaStore &store, TranslationUnitDecl *tu) {
  bool any = false;
  for (const HccPragma &p : store.pragmas)
    any |= p.kind != HccPragma::Params && p.kind != HccPragma::Task && p.kind != HccPragma::KeepGlobal;
  if (!any) return;
  StatementPragmas(pc, tu).run(store);
}

}  // namespace hcc::rewriter
