// Shared helpers of the rewriter passes: diagnostics, source text and ranges.
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "hccrewriter/Passes.hpp"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace hcc::rewriter {

PassContext::PassContext(ASTContext &c, Rewriter &r) : ctx(c), sm(c.getSourceManager()), rewriter(r) {
  if (auto fe = sm.getFileEntryRefForID(sm.getMainFileID())) fileName = fe->getName().str();
  baseName = llvm::sys::path::filename(fileName).str();
}

void PassContext::error(SourceLocation loc, const std::string &msg) {
  auto &de = ctx.getDiagnostics();
  unsigned id = de.getCustomDiagID(DiagnosticsEngine::Error, "hccsim: %0");
  de.Report(loc, id) << msg;
}

void PassContext::remark(SourceLocation loc, const std::string &msg) {
  if (!remarks) return;
  auto &de = ctx.getDiagnostics();
  unsigned id = de.getCustomDiagID(DiagnosticsEngine::Remark, "hccsim: %0");
  de.Report(loc, id) << msg;
}

bool PassContext::hadError() const { return ctx.getDiagnostics().hasErrorOccurred(); }

bool PassContext::inMainFile(SourceLocation loc) const {
  return loc.isValid() && sm.isWrittenInMainFile(sm.getExpansionLoc(loc));
}

std::string PassContext::text(CharSourceRange r) const {
  return Lexer::getSourceText(r, sm, ctx.getLangOpts()).str();
}

std::string PassContext::exprText(const Expr *e) const {
  std::string out;
  llvm::raw_string_ostream os(out);
  e->printPretty(os, nullptr, ctx.getPrintingPolicy());
  return os.str();
}

CharSourceRange PassContext::stmtRange(const Stmt *s) const {
  if (auto *d = dyn_cast<OMPExecutableDirective>(s)) return constructRange(d);
  SourceLocation b = sm.getExpansionLoc(s->getBeginLoc());
  // The end of a macro's expansion: `CALL(x)` ends at its ')'.
  SourceLocation e = sm.getExpansionRange(s->getEndLoc()).getEnd();
  if (!isa<CompoundStmt>(s) && !isa<NullStmt>(s)) {
    if (auto tok = Lexer::findNextToken(e, sm, ctx.getLangOpts()); tok && tok->is(tok::semi))
      e = tok->getLocation();
  }
  return CharSourceRange::getTokenRange(b, e);
}

CharSourceRange PassContext::constructRange(const OMPExecutableDirective *d) const {
  SourceLocation b = sm.getExpansionLoc(d->getBeginLoc());
  if (d->hasAssociatedStmt()) {
    CharSourceRange body = stmtRange(d->getStructuredBlock());
    return CharSourceRange::getTokenRange(b, body.getEnd());
  }
  return pragmaRange(d);
}

CharSourceRange PassContext::pragmaRange(const OMPExecutableDirective *d) const {
  return CharSourceRange::getCharRange(sm.getExpansionLoc(d->getBeginLoc()), sm.getExpansionLoc(d->getEndLoc()));
}

unsigned PassContext::line(SourceLocation loc) const { return sm.getExpansionLineNumber(loc); }

std::string quoted(const std::string &s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + "\"";
}

// The file name is a string literal: it may hold quotes and backslashes.
std::string PassContext::lineMarker(unsigned l) const { return "#line " + std::to_string(l) + " " + quoted(fileName) + "\n"; }

}  // namespace hcc::rewriter
