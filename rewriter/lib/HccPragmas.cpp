// Pass: `#pragma hcc ...` directives (params, task).
//
// A clang PragmaHandler registered for the "hcc" pragma namespace reads each
// directive while the file is parsed: it records the directive's location and
// tokens and parses it at once, building the parameter expressions with Sema
// in the scope where the pragma stands (so names resolve as in the code around
// it). Malformed directives get "hccsim: ..." errors with a hint; nothing here
// may crash on any token sequence. After parsing, attachHccPragmas() attaches
// each directive to the `omp task` it follows.
#include <algorithm>
#include <set>

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OperatorPrecedence.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/LiteralSupport.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/DeclSpec.h"
#include "clang/Sema/Sema.h"
#include "hccrewriter/Passes.hpp"

using namespace clang;

namespace hcc::rewriter {

namespace {

constexpr const char *kValidDirectives =
    "'params', 'task', 'sample', 'delay', 'shared', 'keep', 'keep_global', 'model' or 'split'";

class HccPragmaHandler : public PragmaHandler {
 public:
  HccPragmaHandler(CompilerInstance &ci, std::shared_ptr<HccPragmaStore> store)
      : PragmaHandler("hcc"), ci_(ci), store_(std::move(store)) {}

  void HandlePragma(Preprocessor &pp, PragmaIntroducer intro, Token &first) override {
    HccPragma p;
    p.loc = first.getLocation();
    Token t;
    for (pp.Lex(t); !t.is(tok::eod) && !t.is(tok::eof); pp.Lex(t)) p.tokens.push_back(t);
    p.endLoc = t.getLocation();
    (void)intro;
    pp_ = &pp;
    toks_ = &p.tokens;
    i_ = 0;
    cur_ = &p;
    failed_ = false;
    parseDirective();
    p.valid = !failed_;
    store_->pragmas.push_back(std::move(p));
  }

 private:
  // ---- token access -------------------------------------------------------
  const Token &tok() const {
    static Token eodTok = [] {
      Token t;
      t.startToken();
      t.setKind(tok::eod);
      return t;
    }();
    return i_ < toks_->size() ? (*toks_)[i_] : eodTok;
  }
  SourceLocation tokLoc() const { return i_ < toks_->size() ? (*toks_)[i_].getLocation() : cur_->endLoc; }
  bool atEnd() const { return i_ >= toks_->size(); }
  bool is(tok::TokenKind k) const { return !atEnd() && tok().is(k); }
  std::string spell(const Token &t) const {
    if (t.is(tok::eod)) return "end of line";
    bool invalid = false;
    std::string s = pp_->getSpelling(t, &invalid);
    return invalid ? "?" : "'" + s + "'";
  }
  std::string here() const { return atEnd() ? "end of line" : spell(tok()); }

  void error(SourceLocation loc, const std::string &msg) {
    auto &de = pp_->getDiagnostics();
    unsigned id = de.getCustomDiagID(DiagnosticsEngine::Error, "hccsim: %0");
    de.Report(loc, id) << msg;
    failed_ = true;
  }

  bool expect(tok::TokenKind k, const char *what, const std::string &context) {
    if (is(k)) {
      ++i_;
      return true;
    }
    error(tokLoc(), std::string("expected ") + what + " " + context + ", found " + here());
    return false;
  }

  // ---- directives ---------------------------------------------------------
  void parseDirective() {
    if (atEnd()) {
      error(cur_->endLoc, std::string("expected an hcc directive after '#pragma hcc': ") + kValidDirectives);
      return;
    }
    const Token &d = tok();
    IdentifierInfo *ii = d.getIdentifierInfo();
    std::string name = ii ? ii->getName().str() : "";
    if (name == "params") {
      cur_->kind = HccPragma::Params;
      ++i_;
      parseParams();
    } else if (name == "task") {
      cur_->kind = HccPragma::Task;
      ++i_;
      parseTask();
    } else if (name == "shared") {
      cur_->kind = HccPragma::Shared;
      ++i_;
      parseShared();
    } else if (name == "keep") {
      cur_->kind = HccPragma::Keep;
      ++i_;
    } else if (name == "sample") {
      cur_->kind = HccPragma::Sample;
      ++i_;
      parseSample();
    } else if (name == "delay") {
      cur_->kind = HccPragma::Delay;
      ++i_;
      parseDelay();
    } else if (name == "model") {
      cur_->kind = HccPragma::Model;
      ++i_;
    } else if (name == "split") {
      cur_->kind = HccPragma::Split;
      ++i_;
      parseSplit();
    } else if (name == "keep_global") {
      cur_->kind = HccPragma::KeepGlobal;
      ++i_;
      parseKeepGlobal();
    } else {
      error(d.getLocation(), "unknown hcc directive " + spell(d) + "; expected " + kValidDirectives);
    }
    if (!failed_ && !atEnd())
      error(tokLoc(), "unexpected " + here() + " at the end of '#pragma hcc'; remove it");
  }

  // The identifier at the cursor, or "".
  std::string word() const {
    IdentifierInfo *ii = atEnd() ? nullptr : tok().getIdentifierInfo();
    return ii ? ii->getName().str() : "";
  }

  // keep_global(name, ...): variables every rank shares (Privatize.cpp).
  void parseKeepGlobal() {
    const std::string usage = "(write keep_global(name, ...) with the names of global or static variables)";
    if (!expect(tok::l_paren, "'('", "after 'keep_global' " + usage)) return;
    while (true) {
      const std::string name = word();
      if (name.empty()) {
        error(tokLoc(), "expected a variable name in 'keep_global(...)', found " + here() + " " + usage);
        return;
      }
      cur_->names.push_back(name);
      ++i_;
      if (is(tok::comma)) {
        ++i_;
        continue;
      }
      expect(tok::r_paren, "',' or ')'", "after '" + name + "' in 'keep_global(...)'");
      return;
    }
  }

  // shared [(all)]
  void parseShared() {
    if (atEnd()) return;
    if (!expect(tok::l_paren, "'(' or end of line", "after 'shared' (write shared or shared(all))")) return;
    if (word() != "all") {
      error(tokLoc(), "expected 'all' in 'shared(...)', found " + here() +
                          " (shared: one block per rank; shared(all): one for all ranks)");
      return;
    }
    ++i_;
    cur_->sharedAll = true;
    expect(tok::r_paren, "')'", "after 'shared(all'");
  }

  // sample(local, n) | sample(global, n) | sample(auto, tol = e[, max = n])
  void parseSample() {
    const std::string usage = "(write sample(local, n), sample(global, n) or sample(auto, tol = 0.02[, max = n]))";
    if (!expect(tok::l_paren, "'('", "after 'sample' " + usage)) return;
    const std::string kind = word();
    if (kind != "local" && kind != "global" && kind != "auto") {
      error(tokLoc(), "expected 'local', 'global' or 'auto' in 'sample(...)', found " + here() + " " + usage);
      return;
    }
    ++i_;
    if (!expect(tok::comma, "','", "after '" + kind + "' " + usage)) return;
    if (kind != "auto") {
      cur_->sample = kind == "local" ? HccPragma::SampleLocal : HccPragma::SampleGlobal;
      if (!(cur_->sampleCount = parseArithmetic("the number of measured runs"))) return;
      expect(tok::r_paren, "')'", "after the number of measured runs " + usage);
      return;
    }
    cur_->sample = HccPragma::SampleAuto;
    std::set<std::string> seen;
    while (true) {
      const std::string option = word();
      if (option != "tol" && option != "max") {
        error(tokLoc(), "expected 'tol = ...' or 'max = ...' in 'sample(auto, ...)', found " + here() + " " + usage);
        return;
      }
      if (!seen.insert(option).second) {
        error(tokLoc(), "'" + option + "' given twice in 'sample(auto, ...)'");
        return;
      }
      ++i_;
      if (!expect(tok::equal, "'='", "after '" + option + "' " + usage)) return;
      const Expr *&e = option == "tol" ? cur_->sampleTol : cur_->sampleCount;
      if (!(e = parseArithmetic(option == "tol" ? "the tolerance" : "the largest number of measured runs"))) return;
      if (is(tok::comma)) {
        ++i_;
        continue;
      }
      if (!expect(tok::r_paren, "',' or ')'", "after '" + option + " = ...' " + usage)) return;
      break;
    }
    if (!cur_->sampleTol) error(cur_->loc, "'sample(auto, ...)' needs 'tol = ...', the relative standard error to reach");
  }

  // delay(seconds = e) | delay(flops = e)
  void parseDelay() {
    const std::string usage = "(write delay(seconds = e) or delay(flops = e))";
    if (!expect(tok::l_paren, "'('", "after 'delay' " + usage)) return;
    const std::string unit = word();
    if (unit != "seconds" && unit != "flops") {
      error(tokLoc(), "expected 'seconds' or 'flops' in 'delay(...)', found " + here() + " " + usage);
      return;
    }
    ++i_;
    if (!expect(tok::equal, "'='", "after '" + unit + "' " + usage)) return;
    cur_->delayFlops = unit == "flops";
    if (!(cur_->delay = parseArithmetic("the delay's " + unit))) return;
    expect(tok::r_paren, "')'", "after the delay's " + unit);
  }

  // params(name = expr, ...)
  void parseParams() {
    if (!expect(tok::l_paren, "'('", "after 'params' (write params(name = expr, ...))")) return;
    if (is(tok::r_paren)) {
      error(tokLoc(), "empty parameter list; write params(name = expr, ...)");
      return;
    }
    std::set<std::string> names;
    while (true) {
      if (atEnd()) {
        error(tokLoc(), "expected ')' to close 'params(', found end of line");
        return;
      }
      if (is(tok::equal) || is(tok::comma) || is(tok::r_paren)) {
        error(tokLoc(), "empty parameter name; write params(name = expr, ...)");
        return;
      }
      if (!is(tok::identifier)) {
        error(tokLoc(), "expected a parameter name (an identifier), found " + here());
        return;
      }
      const Token nameTok = tok();
      std::string pname = nameTok.getIdentifierInfo()->getName().str();
      ++i_;
      if (!expect(tok::equal, "'='", "after parameter name '" + pname + "' (write " + pname + " = expr)")) return;
      if (!names.insert(pname).second) {
        error(nameTok.getLocation(), "duplicate parameter name '" + pname + "'; each parameter is named once");
        return;
      }
      Expr *e = parseArithmetic("parameter '" + pname + "'");
      if (!e) return;
      cur_->params.push_back({pname, e});
      if (is(tok::comma)) {
        ++i_;
        continue;
      }
      if (is(tok::r_paren)) {
        ++i_;
        return;
      }
      error(tokLoc(), "expected ',' or ')' after the value of parameter '" + pname + "', found " + here());
      return;
    }
  }

  // task name("...") priority(expr) impl(...) alloc(...) free(...) run
  void parseTask() {
    if (atEnd()) {
      error(cur_->endLoc, "'#pragma hcc task' needs a clause: name(\"...\"), priority(expr), impl(cuda: function), "
                              "alloc(bytes), free(bytes) or run");
      return;
    }
    std::set<std::string> seen;
    while (!atEnd()) {
      const Token &c = tok();
      IdentifierInfo *ii = c.getIdentifierInfo();
      std::string cname = ii ? ii->getName().str() : "";
      if (cname != "name" && cname != "priority" && cname != "impl" && cname != "alloc" && cname != "free" &&
          cname != "run") {
        error(c.getLocation(), "unknown clause " + spell(c) + " on '#pragma hcc task'; expected name(\"...\"), "
                                                            "priority(expr), impl(cuda: function), alloc(bytes), "
                                                            "free(bytes) or run");
        return;
      }
      if (!seen.insert(cname).second) {
        error(c.getLocation(), "clause '" + cname + "' given twice on '#pragma hcc task'");
        return;
      }
      ++i_;
      // run: the body runs in simulation (its effects steer control code
      // in a way the compiler cannot see).
      if (cname == "run") {
        if (is(tok::l_paren)) {
          error(tokLoc(), "'run' takes no argument: '#pragma hcc task run'");
          return;
        }
        cur_->run = true;
        continue;
      }
      if (!expect(tok::l_paren, "'('", "after '" + cname + "'")) return;
      if (cname == "impl") {
        if (!parseImpl()) return;
      } else if (cname == "name") {
        if (!is(tok::string_literal)) {
          error(tokLoc(), "name(...) expects a string literal such as name(\"m2l\"), found " + here());
          return;
        }
        const Token s = tok();
        ++i_;
        StringLiteralParser lit(ArrayRef<Token>(&s, 1), *pp_);
        if (lit.hadError) {
          failed_ = true;
          return;
        }
        if (lit.GetString().empty() || lit.GetString().find('\0') != StringRef::npos) {
          error(s.getLocation(), "name(...) must not be empty");
          return;
        }
        bool invalid = false;
        cur_->name = pp_->getSpelling(s, &invalid);
        if (invalid) {
          error(s.getLocation(), "cannot read the string literal of name(...)");
          return;
        }
      } else {  // priority, alloc, free: an arithmetic expression
        Expr *e = parseArithmetic("'" + cname + "'");
        if (!e) return;
        (cname == "priority" ? cur_->priority : cname == "alloc" ? cur_->alloc : cur_->free) = e;
      }
      if (!expect(tok::r_paren, "')'", "to close '" + cname + "('")) return;
    }
  }

  // The text of the tokens from the cursor to the first of stops at
  // nesting depth 0 (parentheses, brackets, braces), which is not consumed.
  std::string textUntil(std::initializer_list<tok::TokenKind> stops) {
    std::string text;
    int depth = 0;
    while (!atEnd()) {
      const Token &t = tok();
      if (depth == 0)
        for (tok::TokenKind k : stops)
          if (t.is(k)) return text;
      if (t.isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) ++depth;
      if (t.isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
        if (depth == 0) return text;
        --depth;
      }
      bool invalid = false;
      if (!text.empty() && t.hasLeadingSpace()) text += ' ';
      text += pp_->getSpelling(t, &invalid);
      ++i_;
    }
    return text;
  }

  // split [name("...")] impl(cuda: fn(args...)) in(sections) out(...) inout(...)
  void parseSplit() {
    const std::string usage =
        " (write '#pragma hcc split impl(cuda: fn(args...)) in(x[i]) out(y[i*k : k])' before an OpenMP "
        "worksharing loop)";
    std::set<std::string> seen;
    while (!atEnd()) {
      const Token &c = tok();
      const std::string cname = word();
      if (cname != "name" && cname != "impl" && cname != "in" && cname != "out" && cname != "inout") {
        error(c.getLocation(), "unknown clause " + spell(c) + " on '#pragma hcc split'; expected name(\"...\"), "
                                                            "impl(cuda: fn(args...)), in(...), out(...) or inout(...)");
        return;
      }
      if ((cname == "name" || cname == "impl") && !seen.insert(cname).second) {
        error(c.getLocation(), "clause '" + cname + "' given twice on '#pragma hcc split'");
        return;
      }
      ++i_;
      if (!expect(tok::l_paren, "'('", "after '" + cname + "'" + usage)) return;
      if (cname == "name") {
        if (!is(tok::string_literal)) {
          error(tokLoc(), "name(...) expects a string literal such as name(\"axpy\"), found " + here());
          return;
        }
        bool invalid = false;
        cur_->name = pp_->getSpelling(tok(), &invalid);
        ++i_;
      } else if (cname == "impl") {
        if (!parseImpl()) return;
        if (is(tok::l_paren)) {  // the arguments after begin and end
          cur_->cudaCall = true;
          ++i_;
          while (!is(tok::r_paren)) {
            const SourceLocation at = tokLoc();
            const std::string arg = textUntil({tok::comma, tok::r_paren});
            if (arg.empty()) {
              error(at, "expected an argument of the CUDA implementation, found " + here());
              return;
            }
            cur_->cudaArgs.push_back(arg);
            if (is(tok::comma)) ++i_;
            else if (!is(tok::r_paren)) {
              error(tokLoc(), "expected ',' or ')' in the arguments of impl(cuda: ...), found " + here());
              return;
            }
          }
          ++i_;
        }
      } else {  // in, out, inout: sections
        const int mode = cname == "in" ? 1 : cname == "out" ? 2 : 3;
        while (true) {
          HccPragma::Section s;
          s.mode = mode;
          s.loc = tokLoc();
          s.base = textUntil({tok::l_square, tok::comma});
          if (s.base.empty() || !is(tok::l_square)) {
            error(s.loc, "expected an array section such as x[i] or x[i*k : k] in '" + cname + "(...)', found " +
                             here() + usage);
            return;
          }
          ++i_;
          s.lower = textUntil({tok::colon, tok::r_square});
          if (is(tok::colon)) {
            ++i_;
            s.length = textUntil({tok::r_square});
          }
          if (s.lower.empty() || !expect(tok::r_square, "']'", "to close the section of '" + s.base + "'")) {
            if (s.lower.empty()) error(s.loc, "the section of '" + s.base + "' needs its first element" + usage);
            return;
          }
          cur_->sections.push_back(s);
          if (is(tok::comma)) {
            ++i_;
            continue;
          }
          break;
        }
      }
      if (!expect(tok::r_paren, "')'", "to close '" + cname + "('")) return;
    }
    if (!cur_->cudaImpl) {
      error(cur_->loc, "'#pragma hcc split' needs impl(cuda: fn(args...)), the loop's CUDA implementation (fn "
                       "runs iterations [begin, end) and takes them first)" + usage);
      return;
    }
    if (cur_->sections.empty())
      error(cur_->loc, "'#pragma hcc split' needs the loop's data: in(...), out(...), inout(...)" + usage);
  }

  // impl(cuda: fn): fn must be a function declared before the pragma.
  bool parseImpl() {
    if (!is(tok::identifier)) {
      error(tokLoc(), "expected an architecture in impl(...), found " + here() + "; write impl(cuda: function)");
      return false;
    }
    std::string arch = tok().getIdentifierInfo()->getName().str();
    if (arch != "cuda") {
      error(tokLoc(), "unknown architecture '" + arch + "' in impl(...); the supported one is cuda");
      return false;
    }
    ++i_;
    if (!expect(tok::colon, "':'", "after 'cuda' (write impl(cuda: function))")) return false;
    if (!is(tok::identifier)) {
      error(tokLoc(), "expected a function name after 'impl(cuda:', found " + here());
      return false;
    }
    const Token fnTok = tok();
    ++i_;
    Sema *sema = ci_.hasSema() ? &ci_.getSema() : nullptr;
    NamedDecl *found = nullptr;
    if (sema && sema->getCurScope())
      found = sema->LookupSingleName(sema->getCurScope(), DeclarationName(fnTok.getIdentifierInfo()),
                                     fnTok.getLocation(), Sema::LookupOrdinaryName);
    auto *fd = dyn_cast_or_null<FunctionDecl>(found);
    if (!fd) {
      error(fnTok.getLocation(), "'" + fnTok.getIdentifierInfo()->getName().str() +
                                     "' in impl(cuda: ...) is not a declared function; declare the CUDA "
                                     "implementation (it takes the arguments of the task's call) before the task");
      return false;
    }
    cur_->cudaImpl = fd;
    return true;
  }

  // ---- expressions (built by Sema in the pragma's scope) --------------------
  Expr *parseArithmetic(const std::string &what) {
    Sema *sema = ci_.hasSema() ? &ci_.getSema() : nullptr;
    if (!sema || !sema->getCurScope()) {
      error(tokLoc(), what + ": '#pragma hcc' expressions are only allowed inside a function");
      return nullptr;
    }
    sema_ = sema;
    SourceLocation start = tokLoc();
    if (atEnd() || is(tok::comma) || is(tok::r_paren)) {
      error(start, "expected an expression for " + what + ", found " + here());
      return nullptr;
    }
    unsigned errorsBefore = pp_->getDiagnostics().getNumErrors();
    ExprResult r = parseConditional(0);
    if (r.isInvalid() || !r.get() || pp_->getDiagnostics().getNumErrors() != errorsBefore) {
      if (!failed_) error(start, "the expression for " + what + " does not parse; write a C expression");
      return nullptr;
    }
    Expr *e = r.get();
    if (e->containsErrors()) {
      error(start, "the expression for " + what + " is not valid here (an undeclared name or a type error)");
      return nullptr;
    }
    QualType t = e->getType();
    if (t.isNull() || !t->isArithmeticType()) {
      error(start, "the expression for " + what + " must be arithmetic (integer or floating point), not '" +
                       (t.isNull() ? std::string("?") : t.getAsString()) + "'");
      return nullptr;
    }
    return e;
  }

  static constexpr unsigned kMaxDepth = 64;

  ExprResult fail(const std::string &msg) {
    error(tokLoc(), msg);
    return ExprError();
  }

  ExprResult parseConditional(unsigned depth) {
    if (depth > kMaxDepth) return fail("expression nested too deeply");
    ExprResult c = parseBinary(prec::LogicalOr, depth + 1);
    if (c.isInvalid() || !is(tok::question)) return c;
    SourceLocation q = tokLoc();
    ++i_;
    ExprResult a = parseConditional(depth + 1);
    if (a.isInvalid()) return a;
    if (!is(tok::colon)) return fail("expected ':' in a conditional expression, found " + here());
    SourceLocation colon = tokLoc();
    ++i_;
    ExprResult b = parseConditional(depth + 1);
    if (b.isInvalid()) return b;
    return sema_->ActOnConditionalOp(q, colon, c.get(), a.get(), b.get());
  }

  ExprResult parseBinary(prec::Level min, unsigned depth) {
    if (depth > kMaxDepth) return fail("expression nested too deeply");
    ExprResult lhs = parseUnary(depth + 1);
    while (!lhs.isInvalid() && !atEnd()) {
      tok::TokenKind k = tok().getKind();
      prec::Level p = getBinOpPrecedence(k, true, false);
      if (p < prec::LogicalOr || p > prec::Multiplicative || p < min) break;
      SourceLocation opLoc = tokLoc();
      ++i_;
      ExprResult rhs = parseBinary(static_cast<prec::Level>(p + 1), depth + 1);
      if (rhs.isInvalid()) return rhs;
      lhs = sema_->ActOnBinOp(sema_->getCurScope(), opLoc, k, lhs.get(), rhs.get());
    }
    return lhs;
  }

  ExprResult parseUnary(unsigned depth) {
    if (depth > kMaxDepth) return fail("expression nested too deeply");
    if (is(tok::minus) || is(tok::plus) || is(tok::exclaim) || is(tok::tilde) || is(tok::star) || is(tok::amp)) {
      tok::TokenKind k = tok().getKind();
      SourceLocation opLoc = tokLoc();
      ++i_;
      ExprResult sub = parseUnary(depth + 1);
      if (sub.isInvalid()) return sub;
      return sema_->ActOnUnaryOp(sema_->getCurScope(), opLoc, k, sub.get());
    }
    return parsePostfix(depth + 1);
  }

  ExprResult parsePostfix(unsigned depth) {
    ExprResult e = parsePrimary(depth);
    while (!e.isInvalid() && !atEnd()) {
      if (is(tok::l_paren)) {
        SourceLocation l = tokLoc();
        ++i_;
        SmallVector<Expr *, 4> args;
        if (!is(tok::r_paren)) {
          while (true) {
            ExprResult a = parseConditional(depth + 1);
            if (a.isInvalid()) return a;
            args.push_back(a.get());
            if (is(tok::comma)) {
              ++i_;
              continue;
            }
            break;
          }
        }
        if (!is(tok::r_paren)) return fail("expected ')' to close the call's arguments, found " + here());
        SourceLocation r = tokLoc();
        ++i_;
        e = sema_->ActOnCallExpr(sema_->getCurScope(), e.get(), l, args, r);
      } else if (is(tok::l_square)) {
        SourceLocation l = tokLoc();
        ++i_;
        ExprResult idx = parseConditional(depth + 1);
        if (idx.isInvalid()) return idx;
        if (!is(tok::r_square)) return fail("expected ']' to close the subscript, found " + here());
        SourceLocation r = tokLoc();
        ++i_;
        Expr *ie = idx.get();
        e = sema_->ActOnArraySubscriptExpr(sema_->getCurScope(), e.get(), l, MultiExprArg(&ie, 1), r);
      } else if (is(tok::period) || is(tok::arrow)) {
        tok::TokenKind k = tok().getKind();
        SourceLocation opLoc = tokLoc();
        ++i_;
        if (!is(tok::identifier)) return fail("expected a member name after '.' or '->', found " + here());
        UnqualifiedId member;
        member.setIdentifier(tok().getIdentifierInfo(), tokLoc());
        ++i_;
        CXXScopeSpec ss;
        e = sema_->ActOnMemberAccessExpr(sema_->getCurScope(), e.get(), opLoc, k, ss, SourceLocation(), member,
                                         nullptr);
      } else {
        break;
      }
    }
    return e;
  }

  ExprResult parsePrimary(unsigned depth) {
    if (atEnd()) return fail("expected an expression, found end of line");
    const Token &t = tok();
    switch (t.getKind()) {
      case tok::identifier: {
        UnqualifiedId id;
        id.setIdentifier(t.getIdentifierInfo(), t.getLocation());
        ++i_;
        CXXScopeSpec ss;
        return sema_->ActOnIdExpression(sema_->getCurScope(), ss, SourceLocation(), id, is(tok::l_paren), false);
      }
      case tok::numeric_constant: {
        Token copy = t;
        ++i_;
        return sema_->ActOnNumericConstant(copy, sema_->getCurScope());
      }
      case tok::char_constant: {
        Token copy = t;
        ++i_;
        return sema_->ActOnCharacterConstant(copy, sema_->getCurScope());
      }
      case tok::l_paren: {
        SourceLocation l = t.getLocation();
        ++i_;
        ExprResult e = parseConditional(depth + 1);
        if (e.isInvalid()) return e;
        if (!is(tok::r_paren)) return fail("expected ')' to close '(', found " + here());
        SourceLocation r = tokLoc();
        ++i_;
        return sema_->ActOnParenExpr(l, r, e.get());
      }
      default:
        return fail("expected an expression, found " + here() +
                    " (supported: names, numbers, calls, subscripts, members, unary and binary operators, ?:)");
    }
  }

  CompilerInstance &ci_;
  std::shared_ptr<HccPragmaStore> store_;
  Preprocessor *pp_ = nullptr;
  Sema *sema_ = nullptr;
  const std::vector<Token> *toks_ = nullptr;
  size_t i_ = 0;
  HccPragma *cur_ = nullptr;
  bool failed_ = false;
};

class TaskCollector : public RecursiveASTVisitor<TaskCollector> {
 public:
  std::vector<OMPTaskDirective *> tasks;
  bool VisitOMPTaskDirective(OMPTaskDirective *d) {
    tasks.push_back(d);
    return true;
  }
};

}  // namespace

void registerHccPragmas(CompilerInstance &ci, std::shared_ptr<HccPragmaStore> store) {
  ci.getPreprocessor().AddPragmaHandler(new HccPragmaHandler(ci, std::move(store)));
}

void attachHccPragmas(PassContext &pc, HccPragmaStore &store) {
  if (store.pragmas.empty()) return;
  TaskCollector tc;
  tc.TraverseDecl(pc.ctx.getTranslationUnitDecl());
  // A directive belongs to the task whose pragma line ends before it and
  // whose statement starts after it. These spans hold no other task
  // directive, so they do not overlap: sorted by their start, each
  // directive's candidate is found by binary search (thousands of tasks).
  struct Span {
    SourceLocation end, body;
    OMPTaskDirective *task;
  };
  auto before = [&](SourceLocation a, SourceLocation b) { return pc.sm.isBeforeInTranslationUnit(a, b); };
  std::vector<Span> spans;
  for (OMPTaskDirective *d : tc.tasks)
    if (d->hasAssociatedStmt() && d->getStructuredBlock())
      spans.push_back({pc.sm.getExpansionLoc(d->getEndLoc()),
                       pc.sm.getExpansionLoc(d->getStructuredBlock()->getBeginLoc()), d});
  std::sort(spans.begin(), spans.end(), [&](const Span &a, const Span &b) { return before(a.end, b.end); });
  for (HccPragma &p : store.pragmas) {
    if (!p.valid || (p.kind != HccPragma::Params && p.kind != HccPragma::Task)) continue;
    const char *dir = p.kind == HccPragma::Params ? "params" : "task";
    const SourceLocation at = pc.sm.getExpansionLoc(p.loc);
    auto next = std::upper_bound(spans.begin(), spans.end(), at,
                                 [&](SourceLocation l, const Span &s) { return !before(s.end, l); });
    OMPTaskDirective *owner = nullptr;
    if (next != spans.begin() && before(at, std::prev(next)->body)) owner = std::prev(next)->task;
    if (!owner) {
      pc.error(p.loc, std::string("'#pragma hcc ") + dir +
                          "' is not attached to a task; put it on the line right after '#pragma omp task' "
                          "(before the task's statement)");
      continue;
    }
    HccTaskInfo &info = pc.hccInfo[owner];
    if (p.kind == HccPragma::Params) {
      if (info.hasParams) {
        pc.error(p.loc, "a second '#pragma hcc params' for the same task; list all parameters in one directive");
        continue;
      }
      info.hasParams = true;
      info.params = p.params;
    } else {
      if (info.hasTask) {
        pc.error(p.loc, "a second '#pragma hcc task' for the same task; give all clauses in one directive");
        continue;
      }
      info.hasTask = true;
      info.taskLoc = p.loc;
      info.name = p.name;
      info.priority = p.priority;
      info.cudaImpl = p.cudaImpl;
      info.alloc = p.alloc;
      info.free = p.free;
      info.run = p.run;
    }
  }
}

}  // namespace hcc::rewriter
