// hcc-rewrite: prints a C or C++ file as hccsim compiles it: each OpenMP task
// annotated for hccsim's OpenMP runtime (what HccPlugin does before clang's
// own OpenMP code generation).
//
//   hcc-rewrite [--privatize] file.c -- <clang args>
//
// The rewritten source goes to stdout; diagnostics go to stderr as
// file:line:col; the exit status is 1 when an error was diagnosed.
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "hccrewriter/HccRewriter.hpp"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang::tooling;

static llvm::cl::OptionCategory category("hcc-rewrite options");
static llvm::cl::opt<bool> privatize("privatize",
                                     llvm::cl::desc("give each rank of a simulated MPI program its own copy of every "
                                                    "global and static variable"),
                                     llvm::cl::cat(category));
static llvm::cl::opt<bool> simulate("simulate",
                                    llvm::cl::desc("a simulated build (-fsimulate): thread-local data marked, "
                                                   "initialisers of privatised globals moved in files with MPI"),
                                    llvm::cl::cat(category));
static llvm::cl::opt<bool> sharedLines("shared-lines",
                                       llvm::cl::desc("an instrumented or simulated build: hcc_shared_line(&x) "
                                                      "before each '#pragma omp atomic' on x"),
                                       llvm::cl::cat(category));
static llvm::cl::opt<bool> loopNests("loop-nests",
                                     llvm::cl::desc("an instrumented or simulated build: worksharing loops' work "
                                                    "counted, loop nests made kernels (loop:<file>:<line>)"),
                                     llvm::cl::cat(category));
static llvm::cl::extrahelp moreHelp(
    "\nAnnotates each '#pragma omp task' for hccsim's OpenMP runtime (hcc/hcc.h:\n"
    "kernel name, hcc pragmas, whether its body creates tasks) and prints the\n"
    "rewritten file on stdout.\n");

namespace {
class Factory : public FrontendActionFactory {
 public:
  explicit Factory(std::string &out) : out_(out) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    hcc::rewriter::RewriteOptions options;
    options.privatize = privatize;
    options.simulate = simulate;
    options.loopNests = loopNests;
    options.sharedLines = sharedLines;
    return hcc::rewriter::createRewriteAction(out_, options);
  }

 private:
  std::string &out_;
};
}  // namespace

int main(int argc, const char **argv) {
  auto parser = CommonOptionsParser::create(argc, argv, category, llvm::cl::Required);
  if (!parser) {
    llvm::errs() << parser.takeError();
    return 1;
  }
  if (parser->getSourcePathList().size() != 1) {
    llvm::errs() << "hcc-rewrite: exactly one source file expected\n";
    return 1;
  }
  ClangTool tool(parser->getCompilations(), parser->getSourcePathList());
  auto args = hcc::rewriter::requiredClangArgs();
  for (auto it = args.rbegin(); it != args.rend(); ++it)
    tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(it->c_str(), ArgumentInsertPosition::BEGIN));
  std::string out;
  Factory factory(out);
  int rc = tool.run(&factory);
  if (rc != 0 || out.empty()) return 1;
  llvm::outs() << out;
  return 0;
}
