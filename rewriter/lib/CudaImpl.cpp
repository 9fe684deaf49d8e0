// The CUDA implementation of a task (`#pragma hcc task impl(cuda: fn)`).
//
// The task's body is one call; fn stands in for it on a GPU. fn is called
// with that call's arguments, except that an argument naming the first byte
// of a depend item becomes that item's buffer on the GPU. The other
// arguments are evaluated when the task is created (as the firstprivate
// values of the CPU body are) into an argument block the runtime copies.
#include "hccrewriter/Passes.hpp"

#include <algorithm>
#include <sstream>

using namespace clang;

namespace hcc::rewriter {
namespace {

// The text of an expression without blanks (spellings are compared).
std::string compactText(const PassContext &pc, const Expr *e) {
  std::string t = pc.text(CharSourceRange::getTokenRange(pc.sm.getExpansionLoc(e->getBeginLoc()),
                                                         pc.sm.getExpansionLoc(e->getEndLoc())));
  t.erase(std::remove_if(t.begin(), t.end(), [](unsigned char c) { return isspace(c); }), t.end());
  return t;
}

// The spellings (compactText) that name the first byte of a depend item:
// `x` → &x (and x for an array), `*p` → p, `a[lo:n]` → &a[lo], a+lo, and
// a, &a[0] when lo is 0.
std::vector<std::string> addressSpellings(const PassContext &pc, const Expr *item) {
  const Expr *x = item->IgnoreParens();
  if (auto *sec = dyn_cast<ArraySectionExpr>(x)) {
    std::string base = compactText(pc, sec->getBase());
    std::string lo = sec->getLowerBound() ? compactText(pc, sec->getLowerBound()) : "0";
    std::vector<std::string> out{"&" + base + "[" + lo + "]", base + "+" + lo};
    if (lo == "0") out.insert(out.end(), {base, "&" + base + "[0]"});
    return out;
  }
  if (auto *u = dyn_cast<UnaryOperator>(x); u && u->getOpcode() == UO_Deref) return {compactText(pc, u->getSubExpr())};
  std::vector<std::string> out{"&" + compactText(pc, x)};
  if (x->getType()->isArrayType()) out.push_back(compactText(pc, x));
  return out;
}

// The task body's one call, or null.
const CallExpr *singleCall(const Stmt *body) {
  if (auto *cs = dyn_cast<CompoundStmt>(body)) {
    if (cs->size() != 1) return nullptr;
    body = cs->body_front();
  }
  auto *e = dyn_cast<Expr>(body);
  return e ? dyn_cast<CallExpr>(e->IgnoreImplicit()->IgnoreParenImpCasts()) : nullptr;
}

}  // namespace

bool buildCudaImpl(PassContext &pc, const OMPTaskDirective *d, const FunctionDecl &impl, unsigned id, CudaImpl &out) {
  const SourceLocation pragmaLoc = pc.sm.getExpansionLoc(d->getBeginLoc());
  const bool cxx = pc.ctx.getLangOpts().CPlusPlus;
  const std::string implName = cxx ? impl.getQualifiedNameAsString() : impl.getNameAsString();
  const CallExpr *call = singleCall(d->getInnermostCapturedStmt()->getCapturedStmt());
  if (!call) {
    pc.error(pragmaLoc, "impl(cuda: " + impl.getNameAsString() +
                            ") needs a task body that is one function call: the CUDA implementation is called "
                            "with that call's arguments");
    return false;
  }
  if (impl.isVariadic() ? call->getNumArgs() < impl.getNumParams() : call->getNumArgs() != impl.getNumParams()) {
    pc.error(pragmaLoc, "impl(cuda: " + impl.getNameAsString() + ") takes " + std::to_string(impl.getNumParams()) +
                            " arguments but the task's call passes " + std::to_string(call->getNumArgs()) +
                            "; the CUDA implementation is called with the same arguments");
    return false;
  }
  std::vector<std::vector<std::string>> items;  // per depend item, in the order of the clauses
  for (const OMPClause *c : d->clauses())
    if (auto *dep = dyn_cast<OMPDependClause>(c))
      for (const Expr *e : dep->varlists()) items.push_back(addressSpellings(pc, e));

  PrintingPolicy pol = pc.ctx.getPrintingPolicy();
  pol.FullyQualifiedName = true;
  const std::string st = "struct __hcc_ca" + std::to_string(id);
  std::ostringstream fields, values, args;
  bool anyField = false;
  for (unsigned i = 0; i < call->getNumArgs(); ++i) {
    const Expr *arg = call->getArg(i);
    const QualType t = i < impl.getNumParams() ? impl.getParamDecl(i)->getType() : arg->getType();
    const std::string a = compactText(pc, arg->IgnoreParenImpCasts());
    args << (i ? ", " : "");
    auto item = std::find_if(items.begin(), items.end(),
                             [&](const auto &spellings) { return std::count(spellings.begin(), spellings.end(), a); });
    if (item != items.end()) {
      args << "(" << t.getAsString(pol) << ")__hcc_buffers[" << (item - items.begin()) << "]";
      continue;
    }
    // The argument block is copied bytewise.
    if (t->isReferenceType() || !t.isTriviallyCopyableType(pc.ctx)) {
      pc.error(arg->getBeginLoc(), "argument " + std::to_string(i + 1) + " of impl(cuda: " + impl.getNameAsString() +
                                       ") is a reference or an object that is not trivially copyable; pass a "
                                       "pointer or a plain value");
      return false;
    }
    const std::string field = "a" + std::to_string(i);
    std::string decl;
    llvm::raw_string_ostream os(decl);
    t.getUnqualifiedType().print(os, pol, field);
    fields << "  " << os.str() << ";\n";
    values << (anyField ? ", " : "") << "(" << t.getUnqualifiedType().getAsString(pol) << ")("
           << pc.exprText(arg)
           << ")";
    args << "__hcc_a->" << field;
    anyField = true;
  }

  out.wrapper = "__hcc_cuda" + std::to_string(id);
  std::ostringstream o;
  if (anyField) o << st << " {\n" << fields.str() << "};\n";
  o << "static void " << out.wrapper << "(void *const *__hcc_buffers, void *__hcc_arg) {\n";
  if (anyField) o << "  " << st << " *__hcc_a = (" << st << " *)__hcc_arg;\n";
  else o << "  (void)__hcc_arg;\n";
  o << "  (void)__hcc_buffers;\n  " << implName << "(" << args.str() << ");\n}\n";
  out.definitions = o.str();
  if (anyField) {
    out.block = "__hcc_cv" + std::to_string(id);
    out.blockInit = st + " " + out.block + " = {" + values.str() + "};\n";
  }
  return true;
}

}  // namespace hcc::rewriter
