// The rewriter's driver: runs the passes over the main file of a translation
// unit and produces the rewritten source.
#include "hccrewriter/HccRewriter.hpp"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "hccrewriter/Passes.hpp"

#ifndef HCC_CLANG_RESOURCE_DIR
#define HCC_CLANG_RESOURCE_DIR ""
#endif

using namespace clang;

namespace hcc::rewriter {

namespace {

// Put at the top of every rewritten file. Dependences are matched by address,
// as OpenMP does: a datum keeps the size of its first registration.
constexpr const char *kPrelude =
    "#include \"hcc/hcc.h\"\n"
    "static inline __attribute__((unused)) hcc_handle __hcc_dep(void *addr, size_t size) {\n"
    "  hcc_handle h = hcc_data_lookup(addr);\n"
    "  return h ? h : hcc_data_register(addr, size);\n"
    "}\n";

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
    attachHccPragmas(pc, *pragmas_);
    if (pc.hadError()) return;
    FileID main = sm.getMainFileID();
    if (options_.ompAbi) {
      annotateTasks(pc, ctx.getTranslationUnitDecl());
      if (pc.hadError()) return;
      rewriter.InsertTextBefore(sm.getLocForStartOfFile(main), "#include \"hcc/hcc.h\"\n" + pc.lineMarker(1));
      const RewriteBuffer &buf = rewriter.getEditBuffer(main);
      out_.assign(buf.begin(), buf.end());
      return;
    }
    TaskLowering tasks(pc);
    std::vector<FunctionDecl *> functions = loweredFunctions(pc, ctx.getTranslationUnitDecl());
    if (pc.hadError()) return;
    tasks.collectTaskFunctions(functions);
    for (FunctionDecl *fd : functions) {
      tasks.runOnFunction(fd);
      if (fd->isMain()) instrumentMain(pc, fd);
    }
    if (!pc.hadError()) checkAllTasksLowered(pc, ctx.getTranslationUnitDecl());
    if (pc.hadError()) return;
    rewriter.InsertTextBefore(sm.getLocForStartOfFile(main), std::string(kPrelude) + pc.lineMarker(1));
    const RewriteBuffer &buf = rewriter.getEditBuffer(main);
    out_.assign(buf.begin(), buf.end());
  }

 private:
  std::string &out_;
  std::shared_ptr<HccPragmaStore> pragmas_;
  RewriteOptions options_;
};

class RewriteAction : public ASTFrontendAction {
 public:
  explicit RewriteAction(std::string &out) : out_(out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci, StringRef) override {
    return createRewriteConsumer(ci, out_);
  }

 private:
  std::string &out_;
};

}  // namespace

std::unique_ptr<ASTConsumer> createRewriteConsumer(CompilerInstance &ci, std::string &out, RewriteOptions options) {
  auto pragmas = std::make_shared<HccPragmaStore>();
  registerHccPragmas(ci, pragmas);
  return std::make_unique<RewriteConsumer>(out, pragmas, options);
}

std::unique_ptr<FrontendAction> createRewriteAction(std::string &out) {
  return std::make_unique<RewriteAction>(out);
}

std::vector<std::string> requiredClangArgs() {
  std::vector<std::string> args{"-fopenmp"};
  if (*HCC_CLANG_RESOURCE_DIR) args.push_back(std::string("-resource-dir=") + HCC_CLANG_RESOURCE_DIR);
  return args;
}

}  // namespace hcc::rewriter
