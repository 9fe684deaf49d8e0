// Pass: diagnoses the OpenMP constructs and clauses that hccsim does not lower
// inside a task region (never wrong code: an error with a hint instead).
#include "clang/AST/ExprOpenMP.h"
#include "hccrewriter/Passes.hpp"
#include "llvm/Frontend/OpenMP/OMP.h"

using namespace clang;

namespace hcc::rewriter {

namespace {
std::string hintFor(llvm::omp::Directive k) {
  using namespace llvm::omp;
  switch (k) {
    case OMPD_critical:
      return "use mutexinoutset dependences, or 'omp atomic'";
    case OMPD_barrier:
      return "use 'omp taskwait'";
    case OMPD_depobj:
      return "write the dependences directly in the task's depend clauses";
    case OMPD_for:
    case OMPD_for_simd:
    case OMPD_parallel_for:
    case OMPD_taskloop:
    case OMPD_taskloop_simd:
    case OMPD_loop:
      return "create one task per block of iterations instead";
    case OMPD_parallel:
      return "tasks must be created from one 'omp parallel' + 'omp single' driver region";
    case OMPD_single:
    case OMPD_master:
    case OMPD_masked:
      return "only 'omp parallel' directly followed by 'omp single', 'omp master' or 'omp masked' is lowered";
    default:
      return "move it out of the task region";
  }
}
// The section of the first dimension of a[lo1:len1]...[lok:lenk].
const ArraySectionExpr *firstDimension(const ArraySectionExpr *sec) {
  while (auto *inner = dyn_cast<ArraySectionExpr>(sec->getBase()->IgnoreParenImpCasts())) sec = inner;
  return sec;
}

// a[lo1:len1][lo2:len2]...: every dimension but the first must index an array
// (not a pointer), so that the section lies in one contiguous span.
bool innerDimensionsAreArrays(PassContext &pc, const ArraySectionExpr *sec) {
  std::vector<const ArraySectionExpr *> dims;
  const Expr *base = sec;
  while (auto *s = dyn_cast<ArraySectionExpr>(base->IgnoreParenImpCasts())) {
    if (s->getStride()) return true;  // diagnosed as strided
    dims.push_back(s);
    base = s->getBase();
  }
  QualType level = base->IgnoreParenImpCasts()->getType();
  for (size_t k = 0; k < dims.size(); ++k) {
    if (k > 0 && !pc.ctx.getAsConstantArrayType(level)) return false;
    if (level->isPointerType())
        level = level->getPointeeType();
      else if (const ArrayType *at = pc.ctx.getAsArrayType(level))
        level = at->getElementType();
  }
  return true;
}
}  // namespace

bool diagnoseUnsupportedDirective(PassContext &pc, const OMPExecutableDirective *d) {
  std::string name(llvm::omp::getOpenMPDirectiveName(d->getDirectiveKind()));
  pc.error(d->getBeginLoc(), "'omp " + name + "' inside a task region is not supported; " +
                                 hintFor(d->getDirectiveKind()));
  return true;
}

bool checkTaskClauses(PassContext &pc, const OMPExecutableDirective *d) {
  bool ok = true;
  std::string dname(llvm::omp::getOpenMPDirectiveName(d->getDirectiveKind()));
  for (const OMPClause *c : d->clauses()) {
    if (c->isImplicit()) continue;
    auto kind = c->getClauseKind();
    std::string cname(llvm::omp::getOpenMPClauseName(kind));
    auto bad = [&](const std::string &what, const std::string &hint) {
      pc.error(c->getBeginLoc(), what + " on 'omp " + dname + "' is not supported; " + hint);
      ok = false;
    };
    if (d->getDirectiveKind() == llvm::omp::OMPD_taskwait && kind != llvm::omp::OMPC_depend) {
      bad("clause '" + cname + "'", "use 'omp taskwait' or 'omp taskwait depend(...)'");
      continue;
    }
    if (d->getDirectiveKind() == llvm::omp::OMPD_taskgroup) {
      bad("clause '" + cname + "'", "remove it (task reductions are not lowered)");
      continue;
    }
    switch (kind) {
      case llvm::omp::OMPC_depend: {
        auto *dep = cast<OMPDependClause>(c);
        if (dep->getModifier()) {
          bad("the 'iterator' modifier in 'depend'", "write one depend item per element");
          break;
        }
        switch (dep->getDependencyKind()) {
          case OMPC_DEPEND_in:
          case OMPC_DEPEND_out:
          case OMPC_DEPEND_inout:
          case OMPC_DEPEND_inoutset:
          case OMPC_DEPEND_mutexinoutset:
            break;
          case OMPC_DEPEND_depobj:
            bad("'depend(depobj: ...)'", "write the dependences directly in the task's depend clauses");
            break;
          default:
            bad("this 'depend' kind", "use in, out, inout, inoutset or mutexinoutset");
        }
        for (const Expr *e : dep->varlists()) {
          const Expr *x = e->IgnoreParenImpCasts();
          if (isa<OMPArrayShapingExpr>(x))
            bad("an array shaping expression in 'depend'", "use an array section p[0:n]");
          else if (auto *sec = dyn_cast<ArraySectionExpr>(x)) {
            if (!innerDimensionsAreArrays(pc, sec))
              bad("a multi-dimensional array section over pointers in 'depend'",
                  "its rows are not contiguous: write one depend item per row (p[i][lo:len])");
            else if (sec->getStride())
              bad("a strided array section in 'depend'", "use one contiguous section per task");
            else if (const ArraySectionExpr *first = firstDimension(sec);
                     !first->getLength() && !first->getBase()->IgnoreImpCasts()->getType()->isConstantArrayType())
              bad("an array section without length in 'depend'", "write a[lo:len]");
          } else if (x->refersToBitField())
            bad("a bit-field in 'depend'", "depend on the enclosing struct");
        }
        break;
      }
      case llvm::omp::OMPC_shared:
      case llvm::omp::OMPC_firstprivate:
      case llvm::omp::OMPC_private:
      case llvm::omp::OMPC_priority:
      case llvm::omp::OMPC_if:
      case llvm::omp::OMPC_default:
      case llvm::omp::OMPC_untied:     // a scheduling freedom: ignoring it is correct
      case llvm::omp::OMPC_mergeable:  // idem
      case llvm::omp::OMPC_final:      // only an optimisation of included tasks
        break;
      default:
        bad("clause '" + cname + "'", "remove it or lower the task by hand with the hcc C ABI");
    }
  }
  return ok;
}

}  // namespace hcc::rewriter
