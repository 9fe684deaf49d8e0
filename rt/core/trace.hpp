// Per-task records and execution traces. One writer for every backend: a
// native run (real clock) and a simulated run (SimGrid clock) produce the same
// formats, and a simulated run's files are byte-for-byte reproducible (times
// are formatted with a fixed precision by std::to_chars, independent of the
// locale; nothing depends on pointers or hash-map order). Formats:
// docs/traces.md.
//
// Not synchronized: the runtime calls the recording functions under its lock
// and the writers after its workers have stopped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace hcc::rt {

struct WorkerInfo {
  int id;            // worker index, the tid in Chrome traces
  std::string name;  // "cpu0", "cuda0"
  std::string arch;  // "cpu", "cuda"
  int node;          // memory node the worker computes from
};

struct TaskRecord {
  uint64_t id;
  std::string kernel;
  std::string arch;
  int worker;
  uint64_t footprint;
  double submit, start, end;  // seconds since runtime start
  std::string params;         // "NB=960;MB=1920" or ""
  uint64_t bytes_in, bytes_out;
  double cpu = -1;            // the kernel's thread CPU seconds; -1: not measured
  uint32_t weight = 1;        // how many runs the row stands for (sampled runs: Runtime::run_weight_of)
};

struct TransferRecord {
  int src_node, dst_node;
  uint64_t bytes;
  double start, end;  // seconds since runtime start
  int worker;         // worker whose task needed the data (-1: none)
};

class TraceRecorder {
 public:
  explicit TraceRecorder(std::vector<WorkerInfo> workers, int memory_nodes);

  // Recording (cheap: appends).
  void task(TaskRecord r);
  void transfer(const TransferRecord& r);
  // Memory node names ("RAM", "CUDA0"): the records name a transfer's link
  // after them ("CUDA0-up", "CUDA0-down", as the platform files do).
  void set_node_names(std::vector<std::string> names) { node_names_ = std::move(names); }
  // A sample of the bytes allocated on a node at `time`. Keeps the peak per
  // node and the peak over time of the sum over nodes. A negative node is
  // ignored; a node >= memory_nodes extends the node count.
  void memory(int node, double time, uint64_t bytes_in_use);
  // The program's own heap (rt/program/program_memory.hpp), counted on node 0
  // besides what memory() says of it. Samples within a microsecond of each
  // other are coalesced into the highest and the last (a program may
  // allocate millions of small blocks); the peaks stay exact. Thread-safe with
  // memory(); the readers below run once recording has ended.
  void program_memory(double time, uint64_t bytes_in_use);
  // The program's heap over a whole run at once, as (time, bytes) in time
  // order, where program_memory() was never called (an instrumented run,
  // whose threads log their changes apart: rt/program/heap_logs.hpp): the
  // samples of memory() so far and these are taken again in time order, so
  // that the peaks are those of their sum.
  void replay_program_memory(const std::vector<std::pair<double, uint64_t>>& program);

  uint64_t peak_memory(int node) const;  // 0 for a node never sampled
  uint64_t peak_memory_total() const;
  size_t task_count() const { return tasks_.size(); }
  int memory_nodes() const { return memory_nodes_; }
  const std::vector<WorkerInfo>& workers() const { return workers_; }

  // Writers. Each one writes the whole file to "<path>.tmp.<pid>" and renames
  // it over <path>; on failure it removes the temporary file and throws
  // std::runtime_error("cannot write <path>: <strerror>").
  void write_records_csv(const std::string& path) const;
  void write_paje(const std::string& path) const;
  void write_chrome(const std::string& path) const;
  void write_memory_csv(const std::string& path) const;

  // The same documents as strings (what the writers write).
  std::string records_csv() const;
  std::string paje() const;
  std::string chrome() const;
  std::string memory_csv() const;

 private:
  struct Sample {
    int node;
    double time;
    uint64_t bytes;
  };

  void ensure_node(int node);
  // With memory_mutex_ held: node's bytes in use are now `bytes`.
  void set_memory(int node, double time, uint64_t bytes, bool coalesce);
  // With memory_mutex_ held: what memory() and program_memory() record (the
  // node's accounted bytes; the program's heap, on node 0).
  void set_node_memory(int node, double time, uint64_t bytes);
  void set_program_memory(double time, uint64_t bytes);
  // Tasks in (start, worker, id) order, then recording order.
  std::vector<size_t> sorted_tasks() const;
  // Transfers in (start, end, src, dst, worker, bytes) order, then recording order.
  std::vector<size_t> sorted_transfers() const;
  // Samples in time order, then recording order.
  std::vector<size_t> sorted_samples() const;
  // Workers in construction order (first of a duplicated id wins), then
  // workers that only appear in task records, by id.
  std::vector<WorkerInfo> all_workers() const;

  std::vector<WorkerInfo> workers_;
  int memory_nodes_;
  std::vector<std::string> node_names_;
  std::vector<TaskRecord> tasks_;
  std::vector<TransferRecord> transfers_;
  std::mutex memory_mutex_;  // the samples, current bytes and peaks
  std::vector<Sample> samples_;
  std::vector<uint64_t> node_accounted_;  // by memory()
  uint64_t program_bytes_ = 0;            // by program_memory(), on node 0
  size_t window_begin_ = 0;  // first sample of the current coalescing window (set_memory)
  std::vector<uint64_t> node_current_;
  std::vector<uint64_t> node_peak_;
  uint64_t total_current_ = 0;
  uint64_t total_peak_ = 0;
};

}  // namespace hcc::rt
