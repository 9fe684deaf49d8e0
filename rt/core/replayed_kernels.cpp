#include "replayed_kernels.hpp"

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace hcc::rt {
namespace {

std::map<std::string, uint64_t>& replayed() {
  static auto* runs = new std::map<std::string, uint64_t>;  // used until the process ends
  return *runs;
}

std::set<std::string>& one_size() {
  static auto* names = new std::set<std::string>;  // used until the process ends
  return *names;
}

// A few names, then how many more.
template <typename Names>
std::string listed(const Names& names) {
  constexpr size_t kNamed = 6;
  std::string s;
  size_t shown = 0;
  for (const std::string& n : names) {
    if (shown++ == kNamed) break;
    s += (s.empty() ? "" : ", ") + n;
  }
  if (names.size() > kNamed) s += ", and " + std::to_string(names.size() - kNamed) + " more";
  return s;
}

}  // namespace

void note_replayed_kernel(const char* name, bool one_size_for_all) {
  ++replayed()[name];
  if (one_size_for_all) one_size().insert(name);
}

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
  std::vector<std::string> named;
  for (const auto& [n, name] : by_runs) named.push_back(*name + " (" + std::to_string(n) + ")");
  std::fprintf(stderr,
               "hccsim: note: %" PRIu64 " run%s of %zu kernel%s charged from %s models, not run: what they compute "
               "is not computed (%s)\n",
               total, total == 1 ? "" : "s", runs.size(), runs.size() == 1 ? "" : "s",
               runs.size() == 1 ? "its" : "their", listed(named).c_str());
  std::set<std::string>& blind = one_size();
  if (!blind.empty())
    std::fprintf(stderr,
                 "hccsim: note: %s %s one model for every size (no depend items, no #pragma hcc params, no loop the "
                 "compiler counts): at another input than the instrumented run's, %s charged its time\n",
                 listed(blind).c_str(), blind.size() == 1 ? "has" : "have",
                 blind.size() == 1 ? "it is" : "they are");
  blind.clear();
  runs.clear();
}

}  // namespace hcc::rt
