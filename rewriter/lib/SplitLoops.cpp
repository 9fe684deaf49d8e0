// `#pragma hcc split` before an OpenMP worksharing loop: one loop run at
// once by the CPU team and the GPUs (seed 004, SGPU 2's approach 3), in
// every mode. The loop `for (T i = lb; i < ub; ++i)` becomes
//
//   { ...sections of [lb, ub) and the CUDA implementation's arguments...
//     hcc_split_begin(name, "file:line", n, sections, k, wrapper, &args, &b, &e);
//     #pragma omp parallel for ...
//     for (T i = lb + b; i < lb + e; ++i) ...      // the CPU part
//     hcc_split_end(name); }
//
// where the runtime picks [b, e) (rt/core/split_loops.cpp) and runs the
// GPUs' part through the wrapper, a function at file scope that calls the
// CUDA implementation with the part's bounds in terms of i, a device
// pointer for each argument that names a section's array and the other
// arguments as evaluated when the loop starts. A section x[f(i) : len]
// must be affine in i (increasing): its stride and offset are f at lb and
// lb + 1; one that does not use i is the whole array, read only.
#include <algorithm>
#include <cctype>
#include <sstream>

#include "clang/AST/ParentMapContext.h"
#include "llvm/Support/Path.h"
#include "hccrewriter/Passes.hpp"

using namespace clang;

namespace hcc::rewriter {
namespace {

// Whether text names the identifier name (a whole word).
bool mentions(const std::string &text, const std::string &name) {
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const bool startOk = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_');
    const size_t end = at + name.size();
    const bool endOk =
        end >= text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_');
    if (startOk && endOk) return true;
  }
  return false;
}

std::string compact(std::string s) {
  s.erase(std::remove_if(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c); }), s.end());
  return s;
}

// The function that holds s, or null.
const FunctionDecl *enclosingFunction(ASTContext &ctx, const Stmt *s) {
  DynTypedNodeList parents = ctx.getParents(*s);
  while (!parents.empty()) {
    if (const auto *f = parents[0].get<FunctionDecl>()) return f;
    if (const auto *st = parents[0].get<Stmt>()) parents = ctx.getParents(*st);
    else if (const auto *d = parents[0].get<Decl>()) parents = ctx.getParents(*d);
    else return nullptr;
  }
  return nullptr;
}

// The canonical loop `for (T i = lb; i < ub | i <= ub; ++i | i++ | i += 1)`.
struct Canonical {
  const VarDecl *var = nullptr;
  const Expr *lower = nullptr, *upper = nullptr;
  bool inclusive = false;
  const BinaryOperator *cond = nullptr;
};

bool canonical(const ForStmt *f, Canonical &out) {
  if (auto *ds = dyn_cast_or_null<DeclStmt>(f->getInit()); ds && ds->isSingleDecl()) {
    out.var = dyn_cast<VarDecl>(ds->getSingleDecl());
    out.lower = out.var ? out.var->getInit() : nullptr;
  } else if (auto *as = dyn_cast_or_null<BinaryOperator>(f->getInit()); as && as->getOpcode() == BO_Assign) {
    if (auto *ref = dyn_cast<DeclRefExpr>(as->getLHS()->IgnoreParenImpCasts())) out.var = dyn_cast<VarDecl>(ref->getDecl());
    out.lower = as->getRHS();
  }
  if (!out.var || !out.lower || !out.var->getType()->isIntegerType()) return false;
  auto isVar = [&](const Expr *e) {
    auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return ref && ref->getDecl() == out.var;
  };
  out.cond = dyn_cast_or_null<BinaryOperator>(f->getCond());
  if (!out.cond || !(out.cond->getOpcode() == BO_LT || out.cond->getOpcode() == BO_LE) || !isVar(out.cond->getLHS()))
    return false;
  out.upper = out.cond->getRHS();
  out.inclusive = out.cond->getOpcode() == BO_LE;
  const Expr *inc = f->getInc();
  if (auto *u = dyn_cast_or_null<UnaryOperator>(inc)) return u->isIncrementOp() && isVar(u->getSubExpr());
  if (auto *c = dyn_cast_or_null<CompoundAssignOperator>(inc)) {
    auto *one = dyn_cast<IntegerLiteral>(c->getRHS()->IgnoreParenImpCasts());
    return c->getOpcode() == BO_AddAssign && isVar(c->getLHS()) && one && one->getValue() == 1;
  }
  return false;
}

}  // namespace

void rewriteSplitLoop(PassContext &pc, const HccPragma &p, const Stmt *next, unsigned id) {
  const std::string usage = " (a split loop is '#pragma hcc split ...' then '#pragma omp parallel for' or "
                            "'#pragma omp for', then 'for (T i = lb; i < ub; ++i)')";
  const auto *dir = dyn_cast_or_null<OMPLoopDirective>(next);
  if (!dir || !isOpenMPWorksharingDirective(dir->getDirectiveKind()) ||
      isOpenMPTaskLoopDirective(dir->getDirectiveKind()) || isOpenMPDistributeDirective(dir->getDirectiveKind())) {
    pc.error(p.loc, "'#pragma hcc split' must precede an OpenMP worksharing loop" + usage);
    return;
  }
  if (dir->getLoopsNumber() != 1) {
    pc.error(p.loc, "'#pragma hcc split' splits one loop: remove the collapse clause" + usage);
    return;
  }
  const auto *loop = dyn_cast_or_null<ForStmt>(dir->getInnermostCapturedStmt()->getCapturedStmt());
  Canonical c;
  if (!loop || !canonical(loop, c)) {
    pc.error(dir->getBeginLoc(), "the loop of '#pragma hcc split' (line " + std::to_string(pc.line(p.loc)) +
                                     ") must step by one over an integer: for (T i = lb; i < ub; ++i)" + usage);
    return;
  }
  const FunctionDecl *impl = p.cudaImpl;
  const std::string var = c.var->getNameAsString();
  if (impl->getNumParams() != 2 + p.cudaArgs.size()) {
    pc.error(p.loc, "impl(cuda: " + impl->getNameAsString() + ") takes " + std::to_string(impl->getNumParams()) +
                        " parameters but is given " + std::to_string(2 + p.cudaArgs.size()) +
                        ": the first iteration, the end, then the arguments written in impl(cuda: " +
                        impl->getNameAsString() + "(...))");
    return;
  }

  // The sections: cut by the loop (affine in i) or whole (read only); what
  // a part writes no other part may touch.
  for (size_t k = 0; k < p.sections.size(); ++k) {
    const HccPragma::Section &s = p.sections[k];
    if (mentions(s.base, var) || mentions(s.length, var)) {
      pc.error(s.loc, "the section of '" + s.base + "' has a length or an array that depends on '" + var +
                          "': write base[f(" + var + ") : len] with f affine in " + var + " and len fixed");
      return;
    }
    const bool whole = !mentions(s.lower, var);
    if (whole && s.mode != 1) {
      pc.error(s.loc, "'" + s.base + "[" + s.lower + (s.length.empty() ? "" : " : " + s.length) +
                          "]' is written by every iteration alike: parts that run at once cannot each write it; "
                          "write the part of each iteration, such as " + s.base + "[" + var + "]");
      return;
    }
    for (size_t j = 0; j < p.sections.size(); ++j) {
      const HccPragma::Section &o = p.sections[j];
      if (j == k || compact(o.base) != compact(s.base) || !(s.mode & 2)) continue;
      if (compact(o.lower) != compact(s.lower) || compact(o.length) != compact(s.length)) {
        pc.error(o.loc, "iterations depend on each other through '" + s.base + "' (" + s.base + "[" + s.lower +
                            "] written, " + o.base + "[" + o.lower + "] " + (o.mode & 2 ? "written" : "read") +
                            "): the parts of a split loop run at once; split a loop whose iterations are "
                            "independent");
        return;
      }
    }
  }

  const bool cxx = pc.ctx.getLangOpts().CPlusPlus;
  const std::string n = std::to_string(id);
  const std::string lb = "__hcc_lb" + n, count = "__hcc_n" + n, b = "__hcc_b" + n, e = "__hcc_e" + n;
  std::string name = p.name.empty() ? quoted(pc.baseName + ":" + std::to_string(pc.line(p.loc))) : p.name;
  PrintingPolicy pol = pc.ctx.getPrintingPolicy();
  pol.FullyQualifiedName = true;

  // The wrapper and its argument block, at file scope before the function.
  std::ostringstream fields, values, call;
  const std::string st = "struct __hcc_sa" + n;
  fields << "  long lb;\n";
  values << lb;
  for (size_t a = 0; a < p.cudaArgs.size(); ++a) {
    const QualType t = impl->getParamDecl(static_cast<unsigned>(a + 2))->getType();
    const std::string arg = compact(p.cudaArgs[a]);
    auto sec = std::find_if(p.sections.begin(), p.sections.end(),
                            [&](const HccPragma::Section &s) { return compact(s.base) == arg; });
    call << ", ";
    if (sec != p.sections.end()) {
      call << "(" << t.getAsString(pol) << ")__hcc_buffers[" << (sec - p.sections.begin()) << "]";
      continue;
    }
    if (t->isReferenceType() || !t.isTriviallyCopyableType(pc.ctx)) {
      pc.error(p.loc, "argument '" + p.cudaArgs[a] + "' of impl(cuda: " + impl->getNameAsString() +
                          ") is a reference or an object that is not trivially copyable; pass a pointer or a "
                          "plain value");
      return;
    }
    std::string decl;
    llvm::raw_string_ostream os(decl);
    t.getUnqualifiedType().print(os, pol, "a" + std::to_string(a));
    fields << "  " << os.str() << ";\n";
    values << ", (" << t.getUnqualifiedType().getAsString(pol) << ")(" << p.cudaArgs[a] << ")";
    call << "__hcc_a->a" << a;
  }
  const std::string implName = cxx ? impl->getQualifiedNameAsString() : impl->getNameAsString();
  std::ostringstream wrapper;
  wrapper << st << " {\n" << fields.str() << "};\n"
          << "static void __hcc_split_cuda" << n
          << "(long __hcc_begin, long __hcc_end, void *const *__hcc_buffers, void *__hcc_arg) {\n"
          << "  " << st << " *__hcc_a = (" << st << " *)__hcc_arg;\n"
          << "  (void)__hcc_buffers;\n"
          << "  " << implName << "(__hcc_a->lb + __hcc_begin, __hcc_a->lb + __hcc_end" << call.str() << ");\n}\n";
  const FunctionDecl *fn = enclosingFunction(pc.ctx, dir);
  if (!fn) {
    pc.error(p.loc, "'#pragma hcc split' outside a function");
    return;
  }
  const Decl *top = fn;
  while (!top->getDeclContext()->isFileContext()) top = cast<Decl>(top->getDeclContext());
  const SourceLocation topAt = pc.sm.getExpansionLoc(top->getBeginLoc());
  pc.rewriter.InsertTextBefore(topAt, wrapper.str() + pc.lineMarker(pc.line(topAt)));

  // The sections, each from f at lb and lb + 1.
  auto at = [&](const HccPragma::Section &s, const std::string &i) {
    return "({ long " + var + " = " + i + "; (long)(" + s.lower + "); })";
  };
  // The team loop's site as the runtime names its kernel ("loop:<file>:<line>"
  // of the directive, rt/program/bursts.cpp): the CPU side's model.
  const PresumedLoc dirAt = pc.sm.getPresumedLoc(pc.sm.getExpansionLoc(dir->getBeginLoc()));
  const std::string loopSite =
      dirAt.isValid() ? llvm::sys::path::filename(dirAt.getFilename()).str() + ":" + std::to_string(dirAt.getLine())
                      : std::string("?");
  std::ostringstream pre;
  pre << "{\nconst long " << lb << " = (long)(" << pc.exprText(c.lower) << ");\n"
      << "const long " << count << " = (long)(" << pc.exprText(c.upper) << ")" << (c.inclusive ? " + 1" : "")
      << " - " << lb << ";\n"
      << "const hcc_split_section __hcc_ss" << n << "[] = {\n";
  for (const HccPragma::Section &s : p.sections) {
    const std::string elem = "(long)sizeof((" + s.base + ")[0])";
    const std::string len = s.length.empty() ? "1" : "(" + s.length + ")";
    const bool whole = !mentions(s.lower, var);
    pre << "  {(void *)&(" << s.base << ")[0], " << (whole ? "0" : "(size_t)((" + at(s, lb + " + 1") + " - " + at(s, lb) + ") * " + elem + ")")
        << ", (size_t)(" << at(s, lb) << " * " << elem << "), (size_t)(" << len << " * " << elem << "), "
        << (s.mode == 1 ? "HCC_R" : s.mode == 2 ? "HCC_W" : "HCC_RW") << "},\n";
  }
  pre << "};\n"
      << st << " __hcc_sv" << n << " = {" << values.str() << "};\n"
      << "long " << b << " = 0, " << e << " = " << count << ";\n"
      << "hcc_split_begin(" << name << ", \"" << loopSite << "\", " << count << ", __hcc_ss" << n << ", "
      << p.sections.size()
      << ", __hcc_split_cuda" << n << ", &__hcc_sv" << n << ", &" << b << ", &" << e << ");\n"
      << pc.lineMarker(pc.line(dir->getBeginLoc()));
  CharSourceRange whole = pc.constructRange(dir);
  pc.rewriter.InsertTextBefore(whole.getBegin(), pre.str());
  pc.rewriter.ReplaceText(pc.sm.getExpansionRange(c.lower->getSourceRange()), lb + " + " + b);
  pc.rewriter.ReplaceText(pc.sm.getExpansionRange(SourceRange(c.cond->getOperatorLoc(), c.upper->getEndLoc())),
                          "< " + lb + " + " + e);
  pc.rewriter.InsertTextAfterToken(whole.getEnd(), "\nhcc_split_end(" + name + ");\n}\n" +
                                                       pc.lineMarker(pc.line(whole.getEnd()) + 1));
  pc.remark(p.loc, "loop split between the CPU team and the GPUs (kernel 'split:" +
                       name.substr(1, name.size() - 2) + "', impl(cuda: " + impl->getNameAsString() + "))");
}

}  // namespace hcc::rewriter
