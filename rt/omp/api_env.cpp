// The rest of the omp_* API libomp exports: the environment display, the
// affinity format and its display, places (one per CPU worker, each of one
// processor), the teams ICVs, pausing
// (nothing to release: workers park when idle), the tool interface (no
// tool) and interop objects (none: no foreign runtime).
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

#include "omp_state.hpp"

extern "C" {
int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_level(void);
int omp_get_max_threads(void);
int omp_get_num_procs(void);
int omp_get_team_num(void);
int omp_get_num_teams(void);
int omp_get_thread_limit(void);
int omp_get_ancestor_thread_num(int);
}

namespace {

using namespace hcc::omp;

std::mutex g_mutex;
std::string& affinity_format() {
  // OMP_AFFINITY_FORMAT, else libomp's default.
  static std::string* f = [] {
    const char* v = std::getenv("OMP_AFFINITY_FORMAT");
    return new std::string(v ? v : "OMP: pid %P tid %i thread %n bound to OS proc set {%A}");
  }();
  return *f;
}

int places() { return std::max<int>(1, static_cast<int>(state().cpu_workers.size())); }

// One field of an affinity format: %n, %{thread_num}, with an optional
// width (%5n, %-5n, %05n).
std::string field(char f) {
  char host[256] = "";
  switch (f) {
    case 't': return std::to_string(omp_get_team_num());       // team_num
    case 'T': return std::to_string(omp_get_num_teams());      // num_teams
    case 'L': return std::to_string(omp_get_level());          // nesting_level
    case 'n': return std::to_string(omp_get_thread_num());     // thread_num
    case 'N': return std::to_string(omp_get_num_threads());    // num_threads
    case 'a': return std::to_string(omp_get_ancestor_thread_num(omp_get_level() - 1));
    case 'H': gethostname(host, sizeof host - 1); return host;  // host
    case 'P': return std::to_string(getpid());                 // process_id
    case 'i': return std::to_string(gettid());                 // native_thread_id
    case 'A': return "0-" + std::to_string(places() - 1);      // thread_affinity
    default: return std::string("%") + f;
  }
}

char short_name(const std::string& name) {
  static const struct {
    const char* name;
    char c;
  } names[] = {{"team_num", 't'},     {"num_teams", 'T'},         {"nesting_level", 'L'}, {"thread_num", 'n'},
               {"num_threads", 'N'},  {"ancestor_tnum", 'a'},     {"host", 'H'},          {"process_id", 'P'},
               {"native_thread_id", 'i'}, {"thread_affinity", 'A'}};
  for (const auto& n : names)
    if (name == n.name) return n.c;
  return '?';
}

std::string expand(const char* format) {
  std::string out;
  for (const char* p = format; *p; ++p) {
    if (*p != '%') {
      out += *p;
      continue;
    }
    if (p[1] == '%') {
      out += '%';
      ++p;
      continue;
    }
    ++p;
    const bool left = *p == '-';
    if (left) ++p;
    const bool zero = *p == '0';
    int width = 0;
    while (*p >= '0' && *p <= '9') width = width * 10 + (*p++ - '0');
    char f = *p;
    if (f == '{') {
      const char* end = std::strchr(p, '}');
      if (!end) break;
      f = short_name(std::string(p + 1, end));
      p = end;
    }
    if (!f) break;
    std::string v = field(f);
    if (static_cast<int>(v.size()) < width)
      v = left ? v + std::string(width - v.size(), ' ') : std::string(width - v.size(), zero ? '0' : ' ') + v;
    out += v;
  }
  return out;
}

size_t copy_out(const std::string& s, char* buffer, size_t size) {
  if (buffer && size > 0) {
    const size_t n = std::min(s.size(), size - 1);
    std::memcpy(buffer, s.data(), n);
    buffer[n] = '\0';
  }
  return s.size();
}

}  // namespace

extern "C" {

void ompc_set_affinity_format(const char* format) {
  std::lock_guard<std::mutex> lock(g_mutex);
  affinity_format() = format ? format : "";
}
size_t ompc_get_affinity_format(char* buffer, size_t size) {
  std::lock_guard<std::mutex> lock(g_mutex);
  return copy_out(affinity_format(), buffer, size);
}
size_t ompc_capture_affinity(char* buffer, size_t size, const char* format) {
  std::string f;
  if (format && *format) f = format;
  else {
    std::lock_guard<std::mutex> lock(g_mutex);
    f = affinity_format();
  }
  return copy_out(expand(f.c_str()), buffer, size);
}
void ompc_display_affinity(const char* format) {
  char line[1024];
  ompc_capture_affinity(line, sizeof line, format);
  std::fprintf(stderr, "%s\n", line);
}

// Places: one per CPU worker, each of the processor of that number (the
// place list and the partition alike: omp_get_num_places said 0 where
// omp_get_partition_num_places said the workers).
int omp_get_num_places(void) { return places(); }
int omp_get_place_num_procs(int place) { return place >= 0 && place < places() ? 1 : 0; }
void omp_get_place_proc_ids(int place, int* ids) {
  if (ids && place >= 0 && place < places()) ids[0] = place;
}
int omp_get_partition_num_places(void) { return places(); }
void omp_get_partition_place_nums(int* nums) {
  for (int p = 0; nums && p < places(); ++p) nums[p] = p;
}

// The teams ICVs (OMP_NUM_TEAMS, OMP_TEAMS_THREAD_LIMIT): what teams
// constructs without clauses ask for (teams.cpp).
void omp_set_num_teams(int n) { state().num_teams = std::max(0, n); }
int omp_get_max_teams(void) {
  const int n = state().num_teams;
  return n > 0 ? n : 1;
}
void omp_set_teams_thread_limit(int n) { state().teams_thread_limit = std::max(0, n); }
int omp_get_teams_thread_limit(void) {
  const int n = state().teams_thread_limit;
  return n > 0 ? n : omp_get_num_procs();
}

int omp_in_explicit_task(void) { return context(state()).explicit_task; }

// Nothing to release: idle workers park; 0 says it succeeded.
int omp_pause_resource(int kind, int device) { return kind >= 1 && kind <= 2 && device == 0 ? 0 : 1; }
int omp_pause_resource_all(int kind) { return kind >= 1 && kind <= 2 ? 0 : 1; }

int omp_control_tool(int, int, void*) { return -2; }  // omp_control_tool_notool

void omp_display_env(int verbose) {
  const RunSchedule& r = state().run_schedule;
  std::string kind = schedule_name(r.kind & 0x7fffffff);
  for (char& c : kind) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::string out = "\nOPENMP DISPLAY ENVIRONMENT BEGIN\n  _OPENMP = '201811'\n";
  const int levels = state().max_active_levels;
  out += std::string("  OMP_DYNAMIC = 'FALSE'\n  OMP_NESTED = '") + (levels > 1 ? "TRUE" : "FALSE") + "'\n";
  out += "  OMP_NUM_THREADS = '" + std::to_string(omp_get_max_threads()) + "'\n";
  out += std::string("  OMP_SCHEDULE = '") + ((r.kind & 0x80000000) ? "MONOTONIC:" : "") +
         kind + "," + std::to_string(r.chunk) + "'\n";
  out += "  OMP_PROC_BIND = 'FALSE'\n  OMP_PLACES = '{0}:" + std::to_string(places()) + "'\n";
  const bool active = std::isinf(state().rt.config().idle_looking);  // idle threads never sleep
  out += std::string("  OMP_STACKSIZE = '8M'\n  OMP_WAIT_POLICY = '") + (active ? "ACTIVE" : "PASSIVE") +
         "'\n  OMP_MAX_ACTIVE_LEVELS = '" + std::to_string(levels) + "'\n";
  out += "  OMP_THREAD_LIMIT = '" + std::to_string(omp_get_thread_limit()) + "'\n  OMP_CANCELLATION = 'FALSE'\n";
  out += "  OMP_DEFAULT_DEVICE = '0'\n  OMP_MAX_TASK_PRIORITY = '0'\n  OMP_DISPLAY_AFFINITY = 'FALSE'\n";
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    out += "  OMP_AFFINITY_FORMAT = '" + affinity_format() + "'\n";
  }
  out += "  OMP_ALLOCATOR = 'omp_default_mem_alloc'\n  OMP_TARGET_OFFLOAD = 'DISABLED'\n";
  if (verbose) out += "  [host] HCC_WORKERS = '" + std::to_string(places()) + "'\n";
  out += "OPENMP DISPLAY ENVIRONMENT END\n";
  std::fputs(out.c_str(), stderr);
}

// Interop objects: none (no foreign runtime); every query says so.
int omp_get_num_interop_properties(const void*) { return 0; }
intptr_t omp_get_interop_int(const void*, int, int* rc) {
  if (rc) *rc = -1;  // omp_irc_no_value
  return 0;
}
void* omp_get_interop_ptr(const void*, int, int* rc) {
  if (rc) *rc = -1;
  return nullptr;
}
const char* omp_get_interop_str(const void*, int, int* rc) {
  if (rc) *rc = -1;
  return nullptr;
}
const char* omp_get_interop_name(const void*, int) { return nullptr; }
const char* omp_get_interop_type_desc(const void*, int) { return nullptr; }
const char* omp_get_interop_rc_desc(const void*, int rc) {
  return rc == -1 ? "no value: the interop object holds no foreign runtime" : "no such interop object";
}

}  // extern "C"
