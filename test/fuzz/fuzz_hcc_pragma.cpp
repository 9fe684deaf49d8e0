// libFuzzer target: the `#pragma hcc` parser and its attachment to tasks
// (rewriter/lib/HccPragmas.cpp), run as the plugin runs it, inside clang.
// The input is the text of one `#pragma hcc` line (and, after a newline, of
// a second one) before an OpenMP task of a fixed program. Whatever it holds,
// the rewriter either annotates the task or reports an error through clang's
// diagnostics; it never crashes, and a file it accepts is annotated.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "hccrewriter/HccRewriter.hpp"

namespace {

// One pragma line per input line, at most two; characters that would end
// the directive early or confuse the file's encoding become spaces.
std::string pragma_lines(const uint8_t* data, size_t size) {
  std::string lines = "#pragma hcc ";
  int count = 1;
  for (size_t i = 0; i < size; ++i) {
    const char c = static_cast<char>(data[i]);
    if (c == '\n' && count < 2) {
      lines += "\n#pragma hcc ";
      ++count;
    } else if (c == '\n' || c == '\r' || c == '\0' || c == '\\') {
      lines += ' ';
    } else {
      lines += c;
    }
  }
  return lines + "\n";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string code =
      "struct grid { int n; double *v; };\n"
      "static int count(struct grid *g) { return g->n; }\n"
      "void kernel(double *x, int n);\n"
      "void kc(double *x, int n, void *stream);\n"
      "void run(struct grid *g, double *a, int len, int l) {\n"
      "#pragma omp parallel\n"
      "#pragma omp single\n"
      "  {\n"
      "#pragma omp task depend(inout: a[0])\n" +
      pragma_lines(data, size) +
      "    kernel(a, len);\n"
      "#pragma omp taskwait\n"
      "  }\n"
      "}\n";
  // As runToolOnCodeWithArgs, with the diagnostics counted but not printed.
  const char* const file = "/hcc-fuzz/fuzz.c";
  std::vector<std::string> argv = {"hcc-fuzz", "-fsyntax-only"};
  for (const std::string& a : hcc::rewriter::requiredClangArgs()) argv.push_back(a);
  argv.push_back(file);
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  overlay->pushOverlay(memory);
  memory->addFile(file, 0, llvm::MemoryBuffer::getMemBufferCopy(code));
  auto files = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), overlay);
  std::string out;
  clang::tooling::ToolInvocation invocation(argv, hcc::rewriter::createRewriteAction(out), files.get());
  clang::IgnoringDiagConsumer quiet;
  invocation.setDiagnosticConsumer(&quiet);
  const bool ok = invocation.run() && !out.empty();
  if (ok && out.find("hcc_omp_next_task") == std::string::npos) {
    std::fprintf(stderr, "fuzz_hcc_pragma: accepted but not annotated:\n%s\n", code.c_str());
    std::abort();
  }
  return 0;
}
