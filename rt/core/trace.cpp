// Records and traces: see trace.hpp and docs/traces.md.
#include "trace.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <tuple>
#include <utility>

#include <nlohmann/json.hpp>

#include "hccmodels/atomic_file.hpp"

namespace hcc::rt {
namespace {

// ---- Deterministic formatting ----------------------------------------------

// A time usable in a trace: non-finite values (never produced by a clock)
// become 0 so that sorting and formatting stay well defined.
double clean(double t) { return std::isfinite(t) ? t : 0.0; }

// Fixed-point, locale-independent ("%.<prec>f" without setlocale effects);
// "-0.000" is written "0.000".
void put_fixed(std::string& out, double v, int prec) {
  char buf[400];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, prec);
  if (ec != std::errc()) {
    out += '0';
    return;
  }
  const char* begin = buf;
  if (*begin == '-' && std::all_of(begin + 1, static_cast<const char*>(end),
                                   [](char c) { return c == '0' || c == '.'; }))
    ++begin;
  out.append(begin, static_cast<size_t>(end - begin));
}

void put_time(std::string& out, double seconds) { put_fixed(out, seconds, 9); }

template <typename Int>
void put_int(std::string& out, Int v) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  (void)ec;
  out.append(buf, static_cast<size_t>(end - buf));
}

// 0x%016llx
void put_hex16(std::string& out, uint64_t v) {
  static const char digits[] = "0123456789abcdef";
  char buf[18] = {'0', 'x'};
  for (int i = 17; i >= 2; --i, v >>= 4) buf[i] = digits[v & 0xf];
  out.append(buf, sizeof buf);
}

// RFC 4180: a field containing a comma, a quote or a line break is quoted,
// with its quotes doubled.
void put_csv(std::string& out, const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) {
    out += s;
    return;
  }
  out += '"';
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

// A JSON string literal (quotes included); invalid UTF-8 becomes U+FFFD.
void put_json(std::string& out, const std::string& s) {
  const bool plain = std::all_of(s.begin(), s.end(), [](char c) {
    return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
  });
  if (plain) {  // the common case, without building a json value
    out += '"';
    out += s;
    out += '"';
    return;
  }
  out += nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// A Paje string field, always quoted. Paje readers have no escapes: a quote
// becomes an apostrophe, a line break a space; an empty name becomes "_".
std::string paje_name(const std::string& s) {
  if (s.empty()) return "_";
  std::string r = s;
  for (char& c : r) c = c == '"' ? '\'' : (c == '\n' || c == '\r') ? ' ' : c;
  return r;
}

void put_paje(std::string& out, const std::string& s) {
  out += '"';
  out += paje_name(s);
  out += '"';
}

// Seconds to integer nanoseconds (Chrome traces: exact ts and dur).
int64_t to_ns(double seconds) {
  const double s = std::clamp(clean(seconds), -9.0e9, 9.0e9);
  return std::llround(s * 1e9);
}

// Microseconds with three decimals from integer nanoseconds.
void put_us(std::string& out, int64_t ns) {
  if (ns < 0) {
    out += '-';
    ns = -ns;
  }
  put_int(out, ns / 1000);
  const int frac = static_cast<int>(ns % 1000);
  out += '.';
  out += static_cast<char>('0' + frac / 100);
  out += static_cast<char>('0' + frac / 10 % 10);
  out += static_cast<char>('0' + frac % 10);
}

// A stable color for a name: FNV-1a picks a hue (same on every platform).
void put_color(std::string& out, const std::string& name) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : name) {
    h ^= c;
    h *= 1099511628211ull;
  }
  const double hue = static_cast<double>(h % 360) / 60.0;  // [0, 6)
  const double s = 0.65, v = 0.90;
  const int sector = static_cast<int>(hue);
  const double f = hue - sector;
  const double p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  double r, g, b;
  switch (sector) {
    case 0: r = v, g = t, b = p; break;
    case 1: r = q, g = v, b = p; break;
    case 2: r = p, g = v, b = t; break;
    case 3: r = p, g = q, b = v; break;
    case 4: r = t, g = p, b = v; break;
    default: r = v, g = p, b = q; break;
  }
  out += '"';
  put_fixed(out, r, 3);
  out += ' ';
  put_fixed(out, g, 3);
  out += ' ';
  put_fixed(out, b, 3);
  out += '"';
}

// ---- Files -----------------------------------------------------------------

// Readers never see a partial file, and a failed write leaves the previous
// file in place.
void write_atomic(const std::string& path, const std::string& data) {
  try {
    models::write_file_atomically(path, data);
  } catch (const models::AtomicWriteError& e) {
    throw std::runtime_error("cannot write " + path + ": " + e.what());
  }
}

// ---- Paje ------------------------------------------------------------------

// Event definitions, in the field order of every event line below. Field
// names and obligatory fields follow pajeng (PajeDefinitions.cc); ViTE reads
// the same header (it is SimGrid's).
constexpr const char* kPajeHeader =
    "%EventDef PajeDefineContainerType 0\n"
    "%       Alias string\n"
    "%       Type string\n"
    "%       Name string\n"
    "%EndEventDef\n"
    "%EventDef PajeDefineStateType 1\n"
    "%       Alias string\n"
    "%       Type string\n"
    "%       Name string\n"
    "%EndEventDef\n"
    "%EventDef PajeDefineVariableType 2\n"
    "%       Alias string\n"
    "%       Type string\n"
    "%       Name string\n"
    "%       Color color\n"
    "%EndEventDef\n"
    "%EventDef PajeDefineLinkType 3\n"
    "%       Alias string\n"
    "%       Type string\n"
    "%       StartContainerType string\n"
    "%       EndContainerType string\n"
    "%       Name string\n"
    "%EndEventDef\n"
    "%EventDef PajeDefineEntityValue 4\n"
    "%       Alias string\n"
    "%       Type string\n"
    "%       Name string\n"
    "%       Color color\n"
    "%EndEventDef\n"
    "%EventDef PajeCreateContainer 5\n"
    "%       Time date\n"
    "%       Alias string\n"
    "%       Type string\n"
    "%       Container string\n"
    "%       Name string\n"
    "%EndEventDef\n"
    "%EventDef PajeDestroyContainer 6\n"
    "%       Time date\n"
    "%       Type string\n"
    "%       Name string\n"
    "%EndEventDef\n"
    "%EventDef PajeSetState 7\n"
    "%       Time date\n"
    "%       Type string\n"
    "%       Container string\n"
    "%       Value string\n"
    "%EndEventDef\n"
    "%EventDef PajeSetVariable 8\n"
    "%       Time date\n"
    "%       Type string\n"
    "%       Container string\n"
    "%       Value double\n"
    "%EndEventDef\n"
    "%EventDef PajeStartLink 9\n"
    "%       Time date\n"
    "%       Type string\n"
    "%       Container string\n"
    "%       Value string\n"
    "%       StartContainer string\n"
    "%       Key string\n"
    "%EndEventDef\n"
    "%EventDef PajeEndLink 10\n"
    "%       Time date\n"
    "%       Type string\n"
    "%       Container string\n"
    "%       Value string\n"
    "%       EndContainer string\n"
    "%       Key string\n"
    "%EndEventDef\n";

// Type and container aliases. The root container and its type are "0".
//   P Program (container "p", named "program")
//   W Worker (containers "w<id>", named after the workers), state type S "State"
//   N MemoryNode (containers "n<node>", named "node<node>"), variable M "Memory"
//   L Transfer: link type between memory nodes, drawn in the program container
constexpr const char* kPajeTypes =
    "0 P 0 Program\n"
    "0 W P Worker\n"
    "0 N P MemoryNode\n"
    "1 S W State\n"
    "2 M N Memory \"0.900 0.450 0.100\"\n"
    "3 L P N N Transfer\n";

constexpr const char* kIdle = "Idle";

std::string link_value(int src, int dst) { return std::to_string(src) + "->" + std::to_string(dst); }

}  // namespace

// ---- Recording -------------------------------------------------------------

TraceRecorder::TraceRecorder(std::vector<WorkerInfo> workers, int memory_nodes)
    : workers_(std::move(workers)), memory_nodes_(std::max(memory_nodes, 0)) {
  node_accounted_.assign(memory_nodes_, 0);
  node_current_.assign(memory_nodes_, 0);
  node_peak_.assign(memory_nodes_, 0);
}

void TraceRecorder::ensure_node(int node) {
  if (node < memory_nodes_) return;
  memory_nodes_ = node + 1;
  node_accounted_.resize(memory_nodes_, 0);
  node_current_.resize(memory_nodes_, 0);
  node_peak_.resize(memory_nodes_, 0);
}

void TraceRecorder::task(TaskRecord r) { tasks_.push_back(std::move(r)); }

void TraceRecorder::transfer(const TransferRecord& r) {
  if (r.src_node >= 0) ensure_node(r.src_node);
  if (r.dst_node >= 0) ensure_node(r.dst_node);
  transfers_.push_back(r);
}

void TraceRecorder::memory(int node, double time, uint64_t bytes_in_use) {
  if (node < 0) return;
  std::lock_guard<std::mutex> lock(memory_mutex_);
  ensure_node(node);
  node_accounted_[node] = bytes_in_use;
  set_memory(node, time, bytes_in_use + (node == 0 ? program_bytes_ : 0), false);
}

void TraceRecorder::program_memory(double time, uint64_t bytes_in_use) {
  std::lock_guard<std::mutex> lock(memory_mutex_);
  ensure_node(0);
  program_bytes_ = bytes_in_use;
  set_memory(0, time, node_accounted_[0] + bytes_in_use, true);
}

void TraceRecorder::set_memory(int node, double time, uint64_t bytes, bool coalesce) {
  // Coalesced samples within kResolution of the first of their window keep
  // two: the window's highest, then its last (one when the last is the highest).
  constexpr double kResolution = 1e-6;
  const size_t in_window = samples_.size() - window_begin_;
  if (coalesce && in_window > 0 && samples_.back().node == node && time - samples_[window_begin_].time < kResolution) {
    Sample& highest = samples_[window_begin_];
    if (bytes >= highest.bytes) {
      highest.bytes = bytes;
      if (in_window == 2) samples_.pop_back();
    } else if (in_window == 1) {
      samples_.push_back(Sample{node, highest.time, bytes});
    } else {
      samples_.back().bytes = bytes;
    }
  } else {
    samples_.push_back(Sample{node, time, bytes});
    window_begin_ = coalesce ? samples_.size() - 1 : samples_.size();
  }
  total_current_ = total_current_ - node_current_[node] + bytes;
  node_current_[node] = bytes;
  node_peak_[node] = std::max(node_peak_[node], bytes);
  total_peak_ = std::max(total_peak_, total_current_);
}

uint64_t TraceRecorder::peak_memory(int node) const {
  if (node < 0 || node >= static_cast<int>(node_peak_.size())) return 0;
  return node_peak_[node];
}

uint64_t TraceRecorder::peak_memory_total() const { return total_peak_; }

// ---- Orders ----------------------------------------------------------------

std::vector<size_t> TraceRecorder::sorted_tasks() const {
  std::vector<size_t> order(tasks_.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [this](size_t a, size_t b) {
    const TaskRecord& x = tasks_[a];
    const TaskRecord& y = tasks_[b];
    return std::make_tuple(clean(x.start), x.worker, x.id, a) <
           std::make_tuple(clean(y.start), y.worker, y.id, b);
  });
  return order;
}

std::vector<size_t> TraceRecorder::sorted_transfers() const {
  std::vector<size_t> order(transfers_.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [this](size_t a, size_t b) {
    const TransferRecord& x = transfers_[a];
    const TransferRecord& y = transfers_[b];
    return std::make_tuple(clean(x.start), clean(x.end), x.src_node, x.dst_node, x.worker, x.bytes, a) <
           std::make_tuple(clean(y.start), clean(y.end), y.src_node, y.dst_node, y.worker, y.bytes, b);
  });
  return order;
}

std::vector<size_t> TraceRecorder::sorted_samples() const {
  std::vector<size_t> order(samples_.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [this](size_t a, size_t b) {
    return std::make_pair(clean(samples_[a].time), a) < std::make_pair(clean(samples_[b].time), b);
  });
  return order;
}

std::vector<WorkerInfo> TraceRecorder::all_workers() const {
  std::vector<WorkerInfo> all;
  std::set<int> seen;
  for (const WorkerInfo& w : workers_)
    if (seen.insert(w.id).second) all.push_back(w);
  std::set<int> extra;
  for (const TaskRecord& t : tasks_)
    if (!seen.count(t.worker)) extra.insert(t.worker);
  for (int id : extra) all.push_back(WorkerInfo{id, "worker" + std::to_string(id), "", -1});
  return all;
}

// ---- Records CSV -----------------------------------------------------------

namespace {

void put_record_row(std::string& out, const TaskRecord& t) {
  put_int(out, t.id);
  out += ',';
  put_csv(out, t.kernel);
  out += ',';
  put_csv(out, t.arch);
  out += ',';
  put_int(out, t.worker);
  out += ',';
  put_hex16(out, t.footprint);
  out += ',';
  put_time(out, t.submit);
  out += ',';
  put_time(out, t.start);
  out += ',';
  put_time(out, t.end);
  out += ',';
  put_time(out, t.end - t.start);
  out += ',';
  put_int(out, t.bytes_in);
  out += ',';
  put_int(out, t.bytes_out);
  out += ',';
  put_csv(out, t.params);
  out += ',';
  if (t.cpu >= 0) put_time(out, t.cpu);
  out += '\n';
}

}  // namespace

std::string TraceRecorder::records_csv() const {
  std::string out = "id,kernel,arch,worker,footprint,submit,start,end,duration,bytes_in,bytes_out,params,cpu\n";
  out.reserve(out.size() + (tasks_.size() + transfers_.size()) * 160);
  for (size_t i : sorted_tasks()) put_record_row(out, tasks_[i]);
  // Then the transfers, as rows of a kernel "transfer" whose arch is the
  // link and whose parameter is the size, so that hcc-calibrate fits each
  // link's latency and bandwidth as it fits kernels (a regression on bytes).
  for (size_t i : sorted_transfers()) {
    const TransferRecord& x = transfers_[i];
    const bool up = x.src_node == 0;
    const int gpu = up ? x.dst_node : x.src_node;
    const std::string node =
        gpu >= 0 && gpu < static_cast<int>(node_names_.size()) ? node_names_[gpu] : "node" + std::to_string(gpu);
    put_record_row(out, TaskRecord{0, "transfer", node + (up ? "-up" : "-down"), x.worker, x.bytes, x.start, x.start,
                                   x.end, "bytes=" + std::to_string(x.bytes), x.bytes, x.bytes});
  }
  return out;
}

// ---- Memory CSV ------------------------------------------------------------

std::string TraceRecorder::memory_csv() const {
  std::string out = "time,node,bytes_in_use\n";
  out.reserve(out.size() + samples_.size() * 40);
  for (size_t i : sorted_samples()) {
    const Sample& s = samples_[i];
    put_time(out, s.time);
    out += ',';
    put_int(out, s.node);
    out += ',';
    put_int(out, s.bytes);
    out += '\n';
  }
  return out;
}

// ---- Paje ------------------------------------------------------------------

std::string TraceRecorder::paje() const {
  const std::vector<WorkerInfo> workers = all_workers();
  const std::vector<size_t> tasks = sorted_tasks();
  const std::vector<size_t> transfers = sorted_transfers();
  const std::vector<size_t> samples = sorted_samples();

  // Trace bounds: containers live from t0 to tend.
  double t0 = 0.0, tend = 0.0;
  auto bound = [&](double t) {
    t = clean(t);
    t0 = std::min(t0, t);
    tend = std::max(tend, t);
  };
  for (const TaskRecord& t : tasks_) bound(t.start), bound(t.end);
  for (const TransferRecord& r : transfers_) bound(r.start), bound(r.end);
  for (const Sample& s : samples_) bound(s.time);

  // Body events, emitted in (time, seq) order; seq is the generation order,
  // which keeps each container's own events in their causal order at ties.
  enum Kind : uint8_t { Kernel, Idle, Var, LinkStart, LinkEnd };
  struct Ev {
    double t;
    uint64_t seq;
    Kind kind;
    size_t ref;  // task index, sample index, or rank in `transfers`
  };
  std::vector<Ev> evs;
  evs.reserve(tasks_.size() * 2 + samples_.size() + transfers_.size() * 2);
  uint64_t seq = 0;

  // Worker states: each worker's tasks in start order; the kernel's name from
  // its start, "Idle" from its end unless the next task has already started.
  std::map<int, std::vector<size_t>> by_worker;
  for (size_t i : tasks) by_worker[tasks_[i].worker].push_back(i);
  for (const WorkerInfo& w : workers) {
    auto it = by_worker.find(w.id);
    if (it == by_worker.end()) continue;
    const std::vector<size_t>& list = it->second;
    for (size_t k = 0; k < list.size(); ++k) {
      const TaskRecord& t = tasks_[list[k]];
      const double s = clean(t.start), e = std::max(s, clean(t.end));
      evs.push_back(Ev{s, seq++, Kernel, list[k]});
      if (k + 1 < list.size() && clean(tasks_[list[k + 1]].start) <= e) continue;
      evs.push_back(Ev{e, seq++, Idle, list[k]});
    }
  }
  for (size_t i : samples) evs.push_back(Ev{clean(samples_[i].time), seq++, Var, i});
  std::set<std::pair<int, int>> links;
  for (size_t k = 0; k < transfers.size(); ++k) {  // ref: rank in start order, also the link key
    const TransferRecord& r = transfers_[transfers[k]];
    if (r.src_node < 0 || r.dst_node < 0) continue;
    links.insert({r.src_node, r.dst_node});
    const double s = clean(r.start), e = std::max(s, clean(r.end));
    evs.push_back(Ev{s, seq++, LinkStart, k});
    evs.push_back(Ev{e, seq++, LinkEnd, k});
  }
  std::sort(evs.begin(), evs.end(),
            [](const Ev& a, const Ev& b) { return std::tie(a.t, a.seq) < std::tie(b.t, b.seq); });

  std::string out = kPajeHeader;
  out.reserve(out.size() + evs.size() * 48 + 4096);
  out += kPajeTypes;

  // Entity values: state values (Idle, then kernels by name) and one link
  // value per direction. Alias = name, so readers may look either up.
  std::set<std::string> kernels;
  for (const TaskRecord& t : tasks_) kernels.insert(paje_name(t.kernel));
  kernels.erase(kIdle);
  auto value = [&out](const char* type, const std::string& name, const std::string& color_of) {
    out += "4 ";
    put_paje(out, name);
    out += ' ';
    out += type;
    out += ' ';
    put_paje(out, name);
    out += ' ';
    if (color_of.empty()) out += "\"0.850 0.850 0.850\"";
    else put_color(out, color_of);
    out += '\n';
  };
  value("S", kIdle, "");
  for (const std::string& k : kernels) value("S", k, k);
  for (const auto& [src, dst] : links) value("L", link_value(src, dst), "transfer " + link_value(src, dst));

  // Containers.
  auto line_start = [&out](const char* id, double t) {
    out += id;
    out += ' ';
    put_time(out, t);
  };
  line_start("5", t0);
  out += " p P 0 \"program\"\n";
  for (const WorkerInfo& w : workers) {
    line_start("5", t0);
    out += " w";
    put_int(out, w.id);
    out += " W p ";
    put_paje(out, w.name);
    out += '\n';
  }
  for (int n = 0; n < memory_nodes_; ++n) {
    line_start("5", t0);
    out += " n";
    put_int(out, n);
    out += " N p \"node";
    put_int(out, n);
    out += "\"\n";
  }
  for (int n = 0; n < memory_nodes_; ++n) {
    line_start("8", t0);
    out += " M n";
    put_int(out, n);
    out += " 0\n";
  }

  for (const Ev& ev : evs) {
    switch (ev.kind) {
      case Kernel:
      case Idle: {
        const TaskRecord& t = tasks_[ev.ref];
        line_start("7", ev.t);
        out += " S w";
        put_int(out, t.worker);
        out += ' ';
        put_paje(out, ev.kind == Kernel ? t.kernel : std::string(kIdle));
        out += '\n';
        break;
      }
      case Var: {
        const Sample& s = samples_[ev.ref];
        line_start("8", ev.t);
        out += " M n";
        put_int(out, s.node);
        out += ' ';
        put_int(out, s.bytes);
        out += '\n';
        break;
      }
      case LinkStart:
      case LinkEnd: {
        const TransferRecord& r = transfers_[transfers[ev.ref]];
        const bool start = ev.kind == LinkStart;
        line_start(start ? "9" : "10", ev.t);
        out += " L p ";
        put_paje(out, link_value(r.src_node, r.dst_node));
        out += " n";
        put_int(out, start ? r.src_node : r.dst_node);
        out += " k";
        put_int(out, ev.ref);
        out += '\n';
        break;
      }
    }
  }

  for (const WorkerInfo& w : workers) {
    line_start("6", tend);
    out += " W w";
    put_int(out, w.id);
    out += '\n';
  }
  for (int n = 0; n < memory_nodes_; ++n) {
    line_start("6", tend);
    out += " N n";
    put_int(out, n);
    out += '\n';
  }
  line_start("6", tend);
  out += " P p\n";
  return out;
}

// ---- Chrome ----------------------------------------------------------------

std::string TraceRecorder::chrome() const {
  const std::vector<WorkerInfo> workers = all_workers();
  std::string out = "{\"traceEvents\":[\n";
  out.reserve(out.size() + tasks_.size() * 220 + transfers_.size() * 180 + samples_.size() * 90);
  bool first = true;
  auto begin_event = [&]() {
    if (!first) out += ",\n";
    first = false;
  };
  auto meta = [&](const char* what, int tid, const char* key, const std::string* name, int index) {
    begin_event();
    out += "{\"name\":\"";
    out += what;
    out += "\",\"ph\":\"M\",\"pid\":0,\"tid\":";
    put_int(out, tid);
    out += ",\"args\":{\"";
    out += key;
    out += "\":";
    if (name) put_json(out, *name);
    else put_int(out, index);
    out += "}}";
  };

  const std::string process = "hccsim";
  meta("process_name", 0, "name", &process, 0);

  // Transfer tracks: one tid per (src, dst) direction, after the workers.
  int base = 0;
  for (const WorkerInfo& w : workers) base = std::max(base, w.id + 1);
  std::map<std::pair<int, int>, int> link_tid;
  for (const TransferRecord& r : transfers_) link_tid[{r.src_node, r.dst_node}] = 0;
  {
    int next = base;
    for (auto& [pair, tid] : link_tid) tid = next++;
  }

  int sort_index = 0;
  for (const WorkerInfo& w : workers) {
    meta("thread_name", w.id, "name", &w.name, 0);
    meta("thread_sort_index", w.id, "sort_index", nullptr, sort_index++);
  }
  for (const auto& [pair, tid] : link_tid) {
    const std::string name = "transfer " + link_value(pair.first, pair.second);
    meta("thread_name", tid, "name", &name, 0);
    meta("thread_sort_index", tid, "sort_index", nullptr, sort_index++);
  }

  for (size_t i : sorted_tasks()) {
    const TaskRecord& t = tasks_[i];
    const int64_t s = to_ns(t.start);
    const int64_t e = std::max(s, to_ns(t.end));
    begin_event();
    out += "{\"name\":";
    put_json(out, t.kernel);
    out += ",\"cat\":";
    put_json(out, t.arch);
    out += ",\"ph\":\"X\",\"ts\":";
    put_us(out, s);
    out += ",\"dur\":";
    put_us(out, e - s);
    out += ",\"pid\":0,\"tid\":";
    put_int(out, t.worker);
    out += ",\"args\":{\"id\":";
    put_int(out, t.id);
    out += ",\"footprint\":\"";
    put_hex16(out, t.footprint);
    out += "\",\"params\":";
    put_json(out, t.params);
    out += ",\"bytes_in\":";
    put_int(out, t.bytes_in);
    out += ",\"bytes_out\":";
    put_int(out, t.bytes_out);
    out += "}}";
  }

  for (size_t i : sorted_transfers()) {
    const TransferRecord& r = transfers_[i];
    const int64_t s = to_ns(r.start);
    const int64_t e = std::max(s, to_ns(r.end));
    begin_event();
    out += "{\"name\":";
    put_json(out, "transfer " + link_value(r.src_node, r.dst_node));
    out += ",\"cat\":\"transfer\",\"ph\":\"X\",\"ts\":";
    put_us(out, s);
    out += ",\"dur\":";
    put_us(out, e - s);
    out += ",\"pid\":0,\"tid\":";
    put_int(out, link_tid.at({r.src_node, r.dst_node}));
    out += ",\"args\":{\"src\":";
    put_int(out, r.src_node);
    out += ",\"dst\":";
    put_int(out, r.dst_node);
    out += ",\"bytes\":";
    put_int(out, r.bytes);
    out += ",\"worker\":";
    put_int(out, r.worker);
    out += "}}";
  }

  for (size_t i : sorted_samples()) {
    const Sample& s = samples_[i];
    begin_event();
    out += "{\"name\":\"memory node ";
    put_int(out, s.node);
    out += "\",\"ph\":\"C\",\"ts\":";
    put_us(out, to_ns(s.time));
    out += ",\"pid\":0,\"args\":{\"bytes\":";
    put_int(out, s.bytes);
    out += "}}";
  }

  out += "\n],\"displayTimeUnit\":\"ms\"}\n";
  return out;
}

// ---- Writers ---------------------------------------------------------------

void TraceRecorder::write_records_csv(const std::string& path) const { write_atomic(path, records_csv()); }
void TraceRecorder::write_paje(const std::string& path) const { write_atomic(path, paje()); }
void TraceRecorder::write_chrome(const std::string& path) const { write_atomic(path, chrome()); }
void TraceRecorder::write_memory_csv(const std::string& path) const { write_atomic(path, memory_csv()); }

}  // namespace hcc::rt
