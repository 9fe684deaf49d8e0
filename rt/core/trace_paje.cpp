// Paje traces of a run (ViTE, pajeng): see trace.hpp and docs/traces.md.
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "trace.hpp"
#include "trace_format.hpp"

namespace hcc::rt {

using namespace trace_format;

namespace {

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

}  // namespace

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

}  // namespace hcc::rt
