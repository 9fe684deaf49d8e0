// Pass, every mode: the combined constructs with a masked or master taskloop
// that clang 19 compiles wrong, written as the nested constructs they
// stand for (OpenMP 5.2, section 17.1: a combined construct is the nested
// leaf constructs, its clauses applied to the leaves as section 17.2 says).
//
//   #pragma omp masked taskloop ...             (and `... taskloop simd`)
//     clang 19 generates no code for it: the loop never ran (its support
//     came in LLVM 20).
//   #pragma omp parallel masked taskloop ...    (and `... taskloop simd`)
//   #pragma omp parallel master taskloop ...
//     the loop's variables were firstprivate, as for a task of the code
//     around the construct, not shared as in the parallel region the tasks
//     are generated in: every write to an array declared before it was
//     lost (the OpenMP Examples' own `parallel masked taskloop` printed
//     c[99] = 99, not 198; GCC prints 198).
//
// become
//
//   #pragma omp parallel <num_threads, proc_bind, copyin, shared, default, if(parallel:)>
//   #pragma omp masked <filter>                 (or master)
//   #pragma omp taskloop [simd] <the others>
//
// An `if` without a modifier goes to both parallel and taskloop; `default`
// too, but for default(none), which clang checked on the construct as
// written and which the parallel region's loop variable would fail. The
// variables of private, firstprivate, lastprivate and reduction clauses
// are the taskloop's, and shared in the parallel region. A directive a
// macro writes (_Pragma) has no text to rewrite: a warning says so.
#include <set>
#include <string>

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "hccrewriter/Passes.hpp"

using namespace clang;

namespace hcc::rewriter {
namespace {

// The variable a data-sharing clause's item names (`x`, `a[0:n]`), when
// the parallel region may share it: not a member, not threadprivate.
const VarDecl *sharedItem(const Expr *item) {
  const Expr *e = item->IgnoreParenImpCasts();
  while (true) {
    if (auto *s = dyn_cast<ArraySectionExpr>(e)) e = s->getBase()->IgnoreParenImpCasts();
    else if (auto *a = dyn_cast<ArraySubscriptExpr>(e)) e = a->getBase()->IgnoreParenImpCasts();
    else break;
  }
  auto *ref = dyn_cast<DeclRefExpr>(e);
  auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!var || var->hasAttr<OMPThreadPrivateDeclAttr>() || var->getTLSKind() != VarDecl::TLS_None) return nullptr;
  return var;
}

class MaskedTaskLoopsVisitor : public RecursiveASTVisitor<MaskedTaskLoopsVisitor> {
 public:
  explicit MaskedTaskLoopsVisitor(PassContext &pc) : pc_(pc) {}

  bool VisitOMPExecutableDirective(OMPExecutableDirective *d) {
    bool parallel = false, simd = false, masked = true;
    switch (d->getDirectiveKind()) {
      case llvm::omp::OMPD_masked_taskloop: break;
      case llvm::omp::OMPD_masked_taskloop_simd: simd = true; break;
      case llvm::omp::OMPD_parallel_masked_taskloop: parallel = true; break;
      case llvm::omp::OMPD_parallel_masked_taskloop_simd: parallel = simd = true; break;
      case llvm::omp::OMPD_parallel_master_taskloop: parallel = true, masked = false; break;
      case llvm::omp::OMPD_parallel_master_taskloop_simd: parallel = simd = true, masked = false; break;
      default: return true;
    }
    if (!pc_.inMainFile(d->getBeginLoc())) return true;
    const std::string name = std::string(llvm::omp::getOpenMPDirectiveName(d->getDirectiveKind()));
    if (d->getBeginLoc().isMacroID()) {
      pc_.warning(d->getBeginLoc(), "'" + name + "' written by a macro is compiled as clang 19 compiles it, " +
                                        (parallel ? "with the loop's variables firstprivate, not shared"
                                                  : "without its loop") +
                                        " (hint: write it as nested directives, parallel, masked and taskloop)");
      return true;
    }
    std::string onParallel, onMasked, onTaskLoop, shared;
    named_.clear();
    for (const OMPClause *c : d->clauses()) {
      if (c->getBeginLoc().isInvalid() || c->isImplicit()) continue;
      const std::string text = clauseText(c);
      switch (c->getClauseKind()) {
        case llvm::omp::OMPC_num_threads:
        case llvm::omp::OMPC_proc_bind:
        case llvm::omp::OMPC_copyin: onParallel += " " + text; break;
        case llvm::omp::OMPC_filter: onMasked += " " + text; break;
        case llvm::omp::OMPC_shared: onParallel += " " + text, onTaskLoop += " " + text; break;
        case llvm::omp::OMPC_default:
          if (cast<OMPDefaultClause>(c)->getDefaultKind() != llvm::omp::OMP_DEFAULT_none) onParallel += " " + text;
          onTaskLoop += " " + text;
          break;
        case llvm::omp::OMPC_if: {
          const OpenMPDirectiveKind to = cast<OMPIfClause>(c)->getNameModifier();
          if (to == llvm::omp::OMPD_parallel || to == llvm::omp::OMPD_unknown) onParallel += " " + text;
          if (to != llvm::omp::OMPD_parallel) onTaskLoop += " " + text;
          break;
        }
        case llvm::omp::OMPC_private:
          shared += items(cast<OMPPrivateClause>(c)->varlists()), onTaskLoop += " " + text;
          break;
        case llvm::omp::OMPC_firstprivate:
          shared += items(cast<OMPFirstprivateClause>(c)->varlists()), onTaskLoop += " " + text;
          break;
        case llvm::omp::OMPC_lastprivate:
          shared += items(cast<OMPLastprivateClause>(c)->varlists()), onTaskLoop += " " + text;
          break;
        case llvm::omp::OMPC_reduction:
          shared += items(cast<OMPReductionClause>(c)->varlists()), onTaskLoop += " " + text;
          break;
        default: onTaskLoop += " " + text; break;
      }
    }
    if (parallel && !shared.empty()) onParallel += " shared(" + shared.substr(2) + ")";
    const CharSourceRange pragma = pc_.pragmaRange(d);
    const unsigned last = pc_.line(pragma.getEnd());
    std::string out;
    if (parallel) out += "#pragma omp parallel" + onParallel + "\n";
    out += std::string("#pragma omp ") + (masked ? "masked" : "master") + onMasked + "\n";
    out += pc_.lineMarker(last) + "#pragma omp taskloop" + (simd ? " simd" : "") + onTaskLoop;
    pc_.rewriter.ReplaceText(pragma, out);
    pc_.remark(d->getBeginLoc(), "'" + name + "' written as nested directives (clang 19 compiles the combined one " +
                                     (parallel ? "with the loop's variables firstprivate)" : "without its loop)"));
    return true;
  }

 private:
  // The clause as the file has it now (the privatised variables' uses
  // rewritten).
  std::string clauseText(const OMPClause *c) const {
    return pc_.rewriter.getRewrittenText(
        CharSourceRange::getTokenRange(pc_.sm.getExpansionLoc(c->getBeginLoc()), pc_.sm.getExpansionLoc(c->getEndLoc())));
  }
  // ", x, y" for the items of a clause that the parallel region may share.
  template <typename Range>
  std::string items(Range varlist) {
    std::string out;
    for (const Expr *item : varlist)
      if (const VarDecl *v = sharedItem(item); v && named_.insert(v).second) out += ", " + v->getNameAsString();
    return out;
  }

  PassContext &pc_;
  std::set<const VarDecl *> named_;  // in the directive's shared clause for the parallel region
};

}  // namespace

void splitMaskedTaskLoops(PassContext &pc, TranslationUnitDecl *tu) { MaskedTaskLoopsVisitor(pc).TraverseDecl(tu); }

}  // namespace hcc::rewriter
