// Records and traces: recording, the orders every output shares, the
// records and memory CSV files, and writing them all (the Paje and Chrome
// formats are in trace_paje.cpp and trace_chrome.cpp). See trace.hpp and
// docs/traces.md.
#include "trace.hpp"

#include <algorithm>
#include <numeric>
#include <set>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "hccmodels/atomic_file.hpp"
#include "trace_format.hpp"

namespace hcc::rt {

using namespace trace_format;

namespace {

// Readers never see a partial file, and a failed write leaves the previous
// file in place.
void write_atomic(const std::string& path, const std::string& data) {
  try {
    models::write_file_atomically(path, data);
  } catch (const models::AtomicWriteError& e) {
    throw std::runtime_error("cannot write " + path + ": " + e.what());
  }
}

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
  set_node_memory(node, time, bytes_in_use);
}

void TraceRecorder::program_memory(double time, uint64_t bytes_in_use) {
  std::lock_guard<std::mutex> lock(memory_mutex_);
  ensure_node(0);
  set_program_memory(time, bytes_in_use);
}

void TraceRecorder::set_node_memory(int node, double time, uint64_t bytes) {
  node_accounted_[node] = bytes;
  set_memory(node, time, bytes + (node == 0 ? program_bytes_ : 0), false);
}

void TraceRecorder::set_program_memory(double time, uint64_t bytes) {
  program_bytes_ = bytes;
  set_memory(0, time, node_accounted_[0] + bytes, true);
}

void TraceRecorder::replay_program_memory(const std::vector<std::pair<double, uint64_t>>& program) {
  if (program.empty()) return;
  std::lock_guard<std::mutex> lock(memory_mutex_);
  ensure_node(0);
  // memory()'s samples hold each node's accounted bytes alone: no program
  // bytes were told before.
  std::vector<Sample> recorded = std::move(samples_);
  std::stable_sort(recorded.begin(), recorded.end(), [](const Sample& a, const Sample& b) { return a.time < b.time; });
  samples_.clear();
  window_begin_ = 0;
  for (std::vector<uint64_t>* v : {&node_accounted_, &node_current_, &node_peak_}) std::fill(v->begin(), v->end(), 0);
  total_current_ = total_peak_ = program_bytes_ = 0;
  size_t i = 0, j = 0;
  while (i < recorded.size() || j < program.size()) {
    if (j == program.size() || (i < recorded.size() && recorded[i].time <= program[j].first)) {
      const Sample& s = recorded[i++];
      set_node_memory(s.node, s.time, s.bytes);
    } else {
      const auto& [time, bytes] = program[j++];
      set_program_memory(time, bytes);
    }
  }
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
  // Rows of the program's own code on its main thread (CPU bursts) have worker -1.
  for (int id : extra) all.push_back(WorkerInfo{id, id < 0 ? "main" : "worker" + std::to_string(id), "", -1});
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
  out += ',';
  put_int(out, t.weight);
  out += '\n';
}

}  // namespace

std::string TraceRecorder::records_csv() const {
  std::string out = "id,kernel,arch,worker,footprint,submit,start,end,duration,bytes_in,bytes_out,params,cpu,weight\n";
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

// ---- Writers ---------------------------------------------------------------

void TraceRecorder::write_records_csv(const std::string& path) const { write_atomic(path, records_csv()); }
void TraceRecorder::write_paje(const std::string& path) const { write_atomic(path, paje()); }
void TraceRecorder::write_chrome(const std::string& path) const { write_atomic(path, chrome()); }
void TraceRecorder::write_memory_csv(const std::string& path) const { write_atomic(path, memory_csv()); }

}  // namespace hcc::rt
