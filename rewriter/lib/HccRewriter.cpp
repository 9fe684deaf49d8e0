// The rewriter's driver: runs the passes over a translation unit and produces
// its main file with each task annotated (clang's own OpenMP code generation
// then lowers every construct to calls of libhccomp).
#include "hccrewriter/HccRewriter.hpp"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "hccrewriter/Passes.hpp"

#ifndef HCC_CLANG_RESOURCE_DIR
#define HCC_CLANG_RESOURCE_DIR ""
#endif

using namespace clang;

namespace hcc::rewriter {

namespace {

class RewriteConsumer : public ASTConsumer {
 public:
  RewriteConsumer(std::string &out, std::shared_ptr<HccPragmaStore> pragmas, RewriteOptions options)
      : out_(out), pragmas_(std::move(pragmas)), options_(options) {}

  void HandleTranslationUnit(ASTContext &ctx) override {
    if (ctx.getDiagnostics().hasErrorOccurred()) return;
    SourceManager &sm = ctx.getSourceManager();
    Rewriter rewriter(sm, ctx.getLangOpts());
    PassContext pc(ctx, rewriter);
    pc.remarks = options_.remarks;
    pc.simulate = options_.simulate;
    attachHccPragmas(pc, *pragmas_);
    if (pc.hadError()) return;
    // First: the other passes' generated code reaches the ranks' copies.
    if (options_.privatize) privatizeGlobals(pc, *pragmas_, ctx.getTranslationUnitDecl());
    if (pc.hadError()) return;
    rewriteStatementPragmas(pc, *pragmas_, ctx.getTranslationUnitDecl());
    if (pc.hadError()) return;
    if (options_.loopNests) rewriteLoopNests(pc, ctx.getTranslationUnitDecl());
    if (options_.simulate) remarkFoldedAllocations(pc, ctx.getTranslationUnitDecl());
    if (options_.simulate) markThreadLocals(pc, ctx.getTranslationUnitDecl());
    if (options_.sharedLines) markSharedAtomics(pc, ctx.getTranslationUnitDecl());
    annotateTasks(pc, ctx.getTranslationUnitDecl());
    splitMaskedTaskLoops(pc, ctx.getTranslationUnitDecl());
    if (pc.hadError()) return;
    const RewriteBuffer &buf = rewriter.getEditBuffer(sm.getMainFileID());
    out_.assign(buf.begin(), buf.end());
  }

 private:
  std::string &out_;
  std::shared_ptr<HccPragmaStore> pragmas_;
  RewriteOptions options_;
};

class RewriteAction : public ASTFrontendAction {
 public:
  RewriteAction(std::string &out, RewriteOptions options) : out_(out), options_(options) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci, StringRef) override {
    return createRewriteConsumer(ci, out_, options_);
  }

 private:
  std::string &out_;
  RewriteOptions options_;
};

}  // namespace

std::unique_ptr<ASTConsumer> createRewriteConsumer(CompilerInstance &ci, std::string &out, RewriteOptions options) {
  auto pragmas = std::make_shared<HccPragmaStore>();
  registerHccPragmas(ci, pragmas);
  return std::make_unique<RewriteConsumer>(out, pragmas, options);
}

std::unique_ptr<FrontendAction> createRewriteAction(std::string &out, RewriteOptions options) {
  return std::make_unique<RewriteAction>(out, options);
}

std::vector<std::string> requiredClangArgs() {
  std::vector<std::string> args{"-fopenmp"};
  if (*HCC_CLANG_RESOURCE_DIR) args.push_back(std::string("-resource-dir=") + HCC_CLANG_RESOURCE_DIR);
  return args;
}

}  // namespace hcc::rewriter
