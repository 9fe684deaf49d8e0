// Pass: remarks for the allocations a simulation may fold by their size.
//
// A simulation folds the program's allocations of at least
// HCC_FOLD_THRESHOLD bytes only when the run sets it (rt/program/program_memory.cpp):
// their contents are then not kept. The runtime decides by size, at run
// time; with -Rhcc the compiler lists each large site and what happens to it
// by default (kept) and with a threshold (folded), so that a user who folds
// by size knows which arrays the program's own code may then read as
// garbage, and can mark them '#pragma hcc keep': a call whose size is a
// constant below 1 MiB is not listed, one of a constant size at least that
// says so, one of a size known at run time says it is folded from the threshold.
// Sites under '#pragma hcc shared' or 'keep' have their directive's remark
// (StatementPragmas.cpp); allocations in task bodies are not listed (a
// simulation does not run them).
#include <optional>

#include "clang/AST/RecursiveASTVisitor.h"
#include "hccrewriter/Passes.hpp"

using namespace clang;

namespace hcc::rewriter {

const AllocationFunction *allocationFunction(llvm::StringRef name) {
  static constexpr AllocationFunction kFunctions[] = {
      {"malloc", 0, -1},        {"calloc", 0, 1},    {"realloc", 1, -1}, {"reallocarray", 1, 2},
      {"aligned_alloc", 1, -1}, {"memalign", 1, -1}, {"valloc", 0, -1},  {"posix_memalign", 2, -1},
  };
  for (const AllocationFunction &f : kFunctions)
    if (name == f.name) return &f;
  return nullptr;
}

namespace {

constexpr uint64_t kListedFrom = uint64_t{1} << 20;  // smaller constant sizes are not listed

class FoldedSites : public RecursiveASTVisitor<FoldedSites> {
 public:
  explicit FoldedSites(PassContext &pc) : pc_(pc) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  bool TraverseOMPTaskDirective(OMPTaskDirective *) { return true; }
  bool TraverseOMPTaskLoopDirective(OMPTaskLoopDirective *) { return true; }

  bool VisitCallExpr(CallExpr *c) {
    const FunctionDecl *f = c->getDirectCallee();
    if (!f || !f->getDeclContext()->getRedeclContext()->isTranslationUnit()) return true;
    const std::string name = f->getNameAsString();
    const AllocationFunction *a = allocationFunction(name);
    if (!a || static_cast<int>(c->getNumArgs()) <= std::max(a->size, a->count)) return true;
    std::optional<uint64_t> bytes = constant(c->getArg(a->size));
    if (bytes && a->count >= 0) {
      const std::optional<uint64_t> other = constant(c->getArg(a->count));
      bytes = other ? std::optional<uint64_t>(*bytes * *other) : std::nullopt;
    }
    site(c->getBeginLoc(), name, bytes);
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *n) {
    const FunctionDecl *op = n->getOperatorNew();
    if (n->getNumPlacementArgs() > 0 && (!op || !op->isReplaceableGlobalAllocationFunction())) return true;
    // A template's type has no size until it is instantiated.
    const QualType type = n->getAllocatedType();
    std::optional<uint64_t> bytes;
    if (!type->isDependentType() && !type->isIncompleteType())
      bytes = static_cast<uint64_t>(pc_.ctx.getTypeSizeInChars(type).getQuantity());
    if (bytes && n->isArray()) {
      const std::optional<const Expr *> count = n->getArraySize();
      const std::optional<uint64_t> elements = count && *count ? constant(*count) : std::nullopt;
      bytes = elements ? std::optional<uint64_t>(*elements * *bytes) : std::nullopt;
    }
    site(n->getBeginLoc(), n->isArray() ? "new[]" : "new", bytes);
    return true;
  }

 private:
  std::optional<uint64_t> constant(const Expr *e) const {
    if (e->isInstantiationDependent()) return std::nullopt;
    Expr::EvalResult r;
    if (!e->EvaluateAsInt(r, pc_.ctx) || r.Val.getInt().isNegative()) return std::nullopt;
    return r.Val.getInt().getLimitedValue();
  }

  void site(SourceLocation loc, const std::string &what, std::optional<uint64_t> bytes) {
    if (!pc_.inMainFile(loc) || underDirective(loc)) return;
    if (bytes && *bytes < kListedFrom) return;
    const std::string size = bytes ? " of " + std::to_string(*bytes) + " bytes" : "";
    pc_.remark(loc, what + size + " kept in simulation; folded when a run sets HCC_FOLD_THRESHOLD" +
                        (bytes ? " to at most its size" : " and it asks for that many bytes or more") +
                        " (its contents are then not kept: '#pragma hcc keep' keeps them)");
  }

  bool underDirective(SourceLocation loc) const {
    const SourceLocation at = pc_.sm.getExpansionLoc(loc);
    for (const SourceRange &r : pc_.allocationDirectives)
      if (!pc_.sm.isBeforeInTranslationUnit(at, r.getBegin()) && !pc_.sm.isBeforeInTranslationUnit(r.getEnd(), at))
        return true;
    return false;
  }

  PassContext &pc_;
};

}  // namespace

void remarkFoldedAllocations(PassContext &pc, TranslationUnitDecl *tu) {
  if (!pc.remarks) return;
  FoldedSites(pc).TraverseDecl(tu);
}

}  // namespace hcc::rewriter
