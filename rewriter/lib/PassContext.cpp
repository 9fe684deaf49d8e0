// Shared helpers of the rewriter passes: diagnostics, source text and ranges.
#include "clang/AST/PrettyPrinter.h"
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

void PassContext::warning(SourceLocation loc, const std::string &msg) {
  auto &de = ctx.getDiagnostics();
  if (de.getDiagnosticOptions().IgnoreWarnings) return;
  unsigned id = de.getCustomDiagID(DiagnosticsEngine::Warning, "hccsim: %0");
  const bool ignoring = de.getIgnoreAllWarnings();
  de.setIgnoreAllWarnings(false);
  de.Report(loc, id) << msg;
  de.setIgnoreAllWarnings(ignoring);
}

void PassContext::sharingWarning(SourceLocation loc, const std::string &msg) {
  if (!sharingWarned.emplace(loc.getRawEncoding(), msg).second) return;
  if (!deferSharingWarnings) return warning(loc, msg);
  const SourceLocation at = sm.getExpansionLoc(loc);
  deferredSharingWarnings.push_back(llvm::sys::path::filename(sm.getFilename(at)).str() + ":" +
                                    std::to_string(line(at)) + ": " + msg);
}

bool PassContext::hadError() const { return ctx.getDiagnostics().hasErrorOccurred(); }

bool PassContext::inMainFile(SourceLocation loc) const {
  return loc.isValid() && sm.isWrittenInMainFile(sm.getExpansionLoc(loc));
}

bool PassContext::inLibraryHeader(SourceLocation loc) const {
  if (loc.isInvalid()) return false;
  const SourceLocation at = sm.getExpansionLoc(loc);
  if (sm.isInSystemHeader(at)) return true;
  const llvm::StringRef file = sm.getFilename(at);
  return file.starts_with("/usr/include/") || file.starts_with("/usr/local/include/");
}

std::string PassContext::text(CharSourceRange r) const {
  return Lexer::getSourceText(r, sm, ctx.getLangOpts()).str();
}

namespace {
// Prints a variable given a text of its own as that text, in parentheses
// (a called function's parameter as its argument, TaskWork.cpp), and a
// privatised variable as the expression that reaches the running rank's
// copy.
class VariablePrinter : public PrinterHelper {
 public:
  VariablePrinter(const std::map<const VarDecl *, std::string> &substitutes,
                  const std::map<const VarDecl *, std::string> &access)
      : substitutes_(substitutes), access_(access) {}
  bool handledStmt(Stmt *s, raw_ostream &os) override {
    auto *ref = dyn_cast<DeclRefExpr>(s);
    auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!var) return false;
    if (auto it = substitutes_.find(var->getCanonicalDecl()); it != substitutes_.end()) {
      os << "(" << it->second << ")";
      return true;
    }
    auto it = access_.find(var->getCanonicalDecl());
    if (it == access_.end()) return false;
    os << it->second;
    return true;
  }

 private:
  const std::map<const VarDecl *, std::string> &substitutes_, &access_;
};
}  // namespace

std::string PassContext::exprText(const Expr *e, const std::map<const VarDecl *, std::string> &substitutes) const {
  std::string out;
  llvm::raw_string_ostream os(out);
  VariablePrinter helper(substitutes, privateAccess);
  const bool plain = substitutes.empty() && privateAccess.empty();
  e->printPretty(os, plain ? nullptr : &helper, ctx.getPrintingPolicy());
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
