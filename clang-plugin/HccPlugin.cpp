// HccPlugin: a clang-19 plugin that annotates the OpenMP tasks of the file
// being compiled for hccsim's OpenMP runtime (the rewriter's passes: kernel
// names, hcc pragmas, which bodies create tasks) and compiles the result with
// clang's own OpenMP code generation, in one clang invocation:
//
//   clang-19 -fplugin=HccPlugin.so -fplugin-arg-hcc-mode=simulate -fopenmp -c app.c
//
// How: the plugin action runs before the main action (-c, -S, -emit-llvm,
// -fsyntax-only, ... whichever was asked). Its CreateASTConsumer parses the
// main file once more in a nested CompilerInstance (same invocation, syntax
// only) with the rewriter's consumer, then replaces the main file of the outer
// compilation with the rewritten text before the outer preprocessor enters
// it. The rewritten text keeps #line markers, so messages point at app.c.
#include <dlfcn.h>

#include <memory>
#include <string>
#include <vector>

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/DirectoryLookup.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "hccrewriter/HccRewriter.hpp"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#ifndef HCC_PLUGIN_SOURCE_INCLUDE_DIR
#define HCC_PLUGIN_SOURCE_INCLUDE_DIR ""
#endif

using namespace clang;

namespace {

// Set while the nested parse runs: the nested CompilerInstance instantiates
// every registered plugin again (CreateWrappedASTConsumer), this one included.
thread_local bool inNestedParse = false;

enum class Mode { Native, Instrument, Simulate };

constexpr const char *kValidArgs =
    "valid arguments: -fplugin-arg-hcc-mode=native|instrument|simulate, "
    "-fplugin-arg-hcc-emit-rewritten=FILE, -fplugin-arg-hcc-remarks, -fplugin-arg-hcc-privatize";

void reportError(DiagnosticsEngine &diags, const std::string &message) {
  unsigned id = diags.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  diags.Report(id) << message;
}

// Makes the outer compilation fail without printing anything more: the
// errors were printed already (by the nested parse, to the same client).
void markFailedSilently(DiagnosticsEngine &diags) {
  std::unique_ptr<DiagnosticConsumer> owner = diags.takeClient();
  DiagnosticConsumer *client = diags.getClient();
  IgnoringDiagConsumer ignore;
  diags.setClient(&ignore, /*ShouldOwnClient=*/false);
  reportError(diags, "hccsim: the rewriter failed");
  if (owner)
    diags.setClient(owner.release(), /*ShouldOwnClient=*/true);
  else
    diags.setClient(client, /*ShouldOwnClient=*/false);
}

// The main file is replaced by a declaration so that the main action does not
// parse (and diagnose again) the original file after a failure.
void abandonMainFile(CompilerInstance &ci) {
  SourceManager &sm = ci.getSourceManager();
  auto buffer = llvm::MemoryBuffer::getMemBufferCopy("typedef int __hcc_plugin_failed;\n", "<hccsim failed>");
  sm.setMainFileID(sm.createFileID(std::move(buffer)));
}

// This module's file (HccPlugin.so), or "" when the system cannot say.
std::string thisModulePath() {
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&thisModulePath), &info) && info.dli_fname) return info.dli_fname;
  return "";
}

// Where hcc/hcc.h is: <dir of HccPlugin.so>/../include when installed
// (lib/HccPlugin.so, include/hcc/hcc.h), else the source tree's rt/include.
std::string findRuntimeIncludeDir() {
  if (const std::string module = thisModulePath(); !module.empty()) {
    llvm::SmallString<256> dir(module);
    llvm::sys::fs::make_absolute(dir);
    llvm::sys::path::remove_filename(dir);
    llvm::sys::path::append(dir, "..", "include");
    llvm::SmallString<256> header(dir);
    llvm::sys::path::append(header, "hcc", "hcc.h");
    if (llvm::sys::fs::exists(header)) {
      llvm::sys::path::remove_dots(dir, /*remove_dot_dot=*/true);
      return std::string(dir);
    }
  }
  llvm::SmallString<256> header(HCC_PLUGIN_SOURCE_INCLUDE_DIR);
  llvm::sys::path::append(header, "hcc", "hcc.h");
  if (*HCC_PLUGIN_SOURCE_INCLUDE_DIR && llvm::sys::fs::exists(header)) return HCC_PLUGIN_SOURCE_INCLUDE_DIR;
  return "";
}

class RewriteOnlyAction : public ASTFrontendAction {
 public:
  RewriteOnlyAction(std::string &out, hcc::rewriter::RewriteOptions options) : out_(out), options_(options) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci, StringRef) override {
    return hcc::rewriter::createRewriteConsumer(ci, out_, options_);
  }

 private:
  std::string &out_;
  hcc::rewriter::RewriteOptions options_;
};

class HccPluginAction : public PluginASTAction {
 public:
  ActionType getActionType() override { return AddBeforeMainAction; }

  bool ParseArgs(const CompilerInstance &ci, const std::vector<std::string> &args) override {
    if (inNestedParse) return false;
    for (const std::string &arg : args) {
      llvm::StringRef a(arg);
      if (a == "mode=native") {
        mode_ = Mode::Native;
      } else if (a == "mode=instrument") {
        mode_ = Mode::Instrument;
      } else if (a == "mode=simulate") {
        mode_ = Mode::Simulate;
      } else if (a.starts_with("mode=")) {
        reportError(ci.getDiagnostics(), "HccPlugin: unknown mode '" + a.drop_front(5).str() +
                                             "' in -fplugin-arg-hcc-" + arg + "; use native, instrument or simulate");
        return false;
      } else if (a.starts_with("emit-rewritten=") && a.size() > 15) {
        emitRewritten_ = a.drop_front(15).str();
      } else if (a == "remarks") {
        remarks_ = true;
      } else if (a == "privatize") {
        privatize_ = true;
      } else {
        reportError(ci.getDiagnostics(),
                    "HccPlugin: unknown argument '" + arg + "' (-fplugin-arg-hcc-" + arg + "); " + kValidArgs);
        return false;
      }
    }
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci, StringRef) override {
    auto empty = std::make_unique<ASTConsumer>();
    DiagnosticsEngine &diags = ci.getDiagnostics();
    if (!ci.getLangOpts().OpenMP) {
      reportError(diags, "HccPlugin needs -fopenmp: it annotates '#pragma omp task' constructs, which clang "
                         "only parses with -fopenmp");
      abandonMainFile(ci);
      return empty;
    }
    SourceManager &sm = ci.getSourceManager();
    OptionalFileEntryRef mainFile = sm.getFileEntryRefForID(sm.getMainFileID());
    if (!mainFile) {
      reportError(diags, "HccPlugin: the input must be a file");
      abandonMainFile(ci);
      return empty;
    }

    std::string rewritten;
    if (!runNestedParse(ci, *mainFile, rewritten)) {
      markFailedSilently(diags);
      abandonMainFile(ci);
      return empty;
    }

    // The hooks these builds add must not change what the inliner decides
    // (HookInlineCost.cpp): this module is also the pass plugin.
    if (mode_ != Mode::Native) {
      if (const std::string module = thisModulePath(); !module.empty())
        ci.getCodeGenOpts().PassPlugins.push_back(module);
    }

    std::string text;
    if (mode_ != Mode::Native) text += "#define HCC_CAPTURE_PARAMS 1\n";
    if (mode_ == Mode::Instrument) {
      // What `hccsim -finstrument` links in: HCC_MODE=instrument becomes the
      // program's default. Weak, so that every translation unit may have it.
      text +=
          "#ifdef __cplusplus\n"
          "extern \"C\"\n"
          "#endif\n"
          "__attribute__((weak)) const int hcc_instrumented_build = 1;\n";
    }
    text += rewritten;

    if (!emitRewritten_.empty() && !writeFile(diags, emitRewritten_, text)) {
      abandonMainFile(ci);
      return empty;
    }

    std::string includeDir = findRuntimeIncludeDir();
    if (includeDir.empty()) {
      reportError(diags, "HccPlugin: cannot find hcc/hcc.h (looked in <dir of HccPlugin.so>/../include)");
      abandonMainFile(ci);
      return empty;
    }
    if (auto dir = ci.getFileManager().getOptionalDirectoryRef(includeDir)) {
      // After the -I directories, before the system ones; a system directory,
      // so that the runtime's header does not trigger the user's warnings.
      ci.getPreprocessor().getHeaderSearchInfo().AddSearchPath(
          DirectoryLookup(*dir, SrcMgr::C_System, /*isFramework=*/false), /*isAngled=*/true);
    }

    Preprocessor &pp = ci.getPreprocessor();
    pp.setPredefines(pp.getPredefines() + predefinedMacros());
    // The nested parse read the `#pragma hcc` lines the text keeps; here
    // they are silent (no unknown-pragma warning).
    pp.AddPragmaHandler(new EmptyPragmaHandler("hcc"));

    // The same file entry with new contents, as a new FileID: quoted includes
    // still resolve relative to the original file's directory, and the
    // compile unit keeps the original name.
    sm.overrideFileContents(*mainFile, llvm::MemoryBuffer::getMemBufferCopy(text, mainFile->getName()));
    sm.setMainFileID(sm.createFileID(*mainFile, SourceLocation(), SrcMgr::C_User));
    return empty;
  }

 private:
  // What the hccsim driver defines: programs can tell how they are built.
  std::string predefinedMacros() const {
    std::string s = "#define __HCCSIM__ 1\n";
    if (mode_ == Mode::Simulate) s += "#define __HCCSIM_SIMULATE__ 1\n";
    return s;
  }

  bool runNestedParse(CompilerInstance &ci, FileEntryRef mainFile, std::string &out) {
    auto inv = std::make_shared<CompilerInvocation>(ci.getInvocation());
    FrontendOptions &fo = inv->getFrontendOpts();
    InputKind kind = fo.Inputs.empty() ? InputKind(ci.getLangOpts().CPlusPlus ? Language::CXX : Language::C)
                                       : fo.Inputs.front().getKind();
    fo.Inputs = {FrontendInputFile(mainFile.getName(), kind)};
    fo.ProgramAction = frontend::ParseSyntaxOnly;
    fo.ActionName.clear();
    fo.AddPluginActions.clear();
    fo.PluginArgs.clear();
    fo.Plugins.clear();
    fo.OutputFile.clear();
    fo.DisableFree = false;
    fo.ShowStats = false;
    inv->getDependencyOutputOpts() = DependencyOutputOptions();
    inv->getPreprocessorOpts().addMacroDef("__HCCSIM__=1");
    if (mode_ == Mode::Simulate) inv->getPreprocessorOpts().addMacroDef("__HCCSIM_SIMULATE__=1");
    if (mode_ != Mode::Native) inv->getPreprocessorOpts().addMacroDef("HCC_CAPTURE_PARAMS=1");

    CompilerInstance nested(ci.getPCHContainerOperations());
    nested.setInvocation(inv);
    // Diagnostics go to the outer client (not owned). Warnings are left to
    // the main action, which compiles the same code (rewritten) and would
    // print them a second time; errors and the rewriter's remarks are kept.
    IntrusiveRefCntPtr<DiagnosticsEngine> diags(new DiagnosticsEngine(
        ci.getDiagnostics().getDiagnosticIDs(), &inv->getDiagnosticOpts(), &ci.getDiagnosticClient(),
        /*ShouldOwnClient=*/false));
    ProcessWarningOptions(*diags, inv->getDiagnosticOpts(), /*ReportDiags=*/false);
    diags->setIgnoreAllWarnings(true);
    nested.setDiagnostics(diags.get());
    nested.setFileManager(&ci.getFileManager());
    nested.createSourceManager(ci.getFileManager());

    hcc::rewriter::RewriteOptions options;
    options.remarks = remarks_ || llvm::is_contained(ci.getDiagnosticOpts().Remarks, "hcc");
    options.privatize = privatize_;
    options.simulate = mode_ == Mode::Simulate;
    options.loopNests = mode_ != Mode::Native;
    options.sharedLines = mode_ != Mode::Native;
    bool ok = false;
    {
      inNestedParse = true;
      if (nested.createTarget()) {
        RewriteOnlyAction action(out, options);
        if (action.BeginSourceFile(nested, fo.Inputs.front())) {
          if (llvm::Error err = action.Execute()) {
            reportError(ci.getDiagnostics(), "HccPlugin: " + llvm::toString(std::move(err)));
          }
          action.EndSourceFile();
          ok = !diags->hasErrorOccurred() && !out.empty();
        }
      }
      inNestedParse = false;
    }
    // The nested action ended the source file on the shared client (a text
    // printer drops its state then): begin it again for the main action.
    ci.getDiagnosticClient().BeginSourceFile(ci.getLangOpts(), &ci.getPreprocessor());
    return ok;
  }

  bool writeFile(DiagnosticsEngine &diags, const std::string &path, const std::string &text) {
    std::string tmp = path + ".tmp";
    {
      std::error_code ec;
      llvm::raw_fd_ostream os(tmp, ec, llvm::sys::fs::OF_Text);
      if (ec) {
        reportError(diags, "HccPlugin: cannot write '" + tmp + "': " + ec.message());
        return false;
      }
      os << text;
      os.close();
      if (os.has_error()) {
        reportError(diags, "HccPlugin: cannot write '" + tmp + "': " + os.error().message());
        os.clear_error();
        return false;
      }
    }
    if (std::error_code ec = llvm::sys::fs::rename(tmp, path)) {
      reportError(diags, "HccPlugin: cannot rename '" + tmp + "' to '" + path + "': " + ec.message());
      llvm::sys::fs::remove(tmp);
      return false;
    }
    return true;
  }

  Mode mode_ = Mode::Native;
  std::string emitRewritten_;
  bool remarks_ = false;
  bool privatize_ = false;
};

}  // namespace

static FrontendPluginRegistry::Add<HccPluginAction> registerHcc(
    "hcc", "annotate OpenMP tasks for hccsim's OpenMP runtime (hcc/hcc.h) before compiling");
