#include "replayed_kernels.hpp"

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <string>

namespace hcc::rt {
namespace {

std::map<std::string, uint64_t>& replayed() {
  static auto* runs = new std::map<std::string, uint64_t>;  // used until the process ends
  return *runs;
}

}  // namespace

void note_replayed_kernel(const char* name) { ++replayed()[name]; }

void report_replayed_kernels() {
  std::map<std::string, uint64_t>& runs = replayed();
  if (runs.empty()) return;
  // The kernels with the most runs first; a few of them, the number of the others.
  std::multimap<uint64_t, const std::string*, std::greater<>> by_runs;
  uint64_t total = 0;
  for (const auto& [name, n] : runs) {
    by_runs.emplace(n, &name);
    total += n;
  }
  constexpr size_t kNamed = 6;
  std::string named;
  size_t shown = 0;
  for (const auto& [n, name] : by_runs) {
    if (shown++ == kNamed) break;
    named += (named.empty() ? "" : ", ") + *name + " (" + std::to_string(n) + ")";
  }
  if (runs.size() > kNamed) named += ", and " + std::to_string(runs.size() - kNamed) + " more";
  std::fprintf(stderr,
               "hccsim: note: %" PRIu64 " run%s of %zu kernel%s charged from %s models, not run: what they compute "
               "is not computed (%s)\n",
               total, total == 1 ? "" : "s", runs.size(), runs.size() == 1 ? "" : "s",
               runs.size() == 1 ? "its" : "their", named.c_str());
  runs.clear();
}

}  // namespace hcc::rt
