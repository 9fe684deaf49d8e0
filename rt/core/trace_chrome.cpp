// Chrome traces of a run (chrome://tracing, Perfetto): see trace.hpp and
// docs/traces.md.
#include <algorithm>
#include <map>

#include "trace.hpp"
#include "trace_format.hpp"

namespace hcc::rt {

using namespace trace_format;

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

}  // namespace hcc::rt
