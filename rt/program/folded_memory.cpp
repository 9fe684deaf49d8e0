// How a folded range stays small in the host's memory: Linux counts a page
// in a process's resident set once per mapping of it, so mapping one block
// over and over would report (and hold page tables for) the whole range.
// Instead the range is reserved without access, and a fault in it maps a
// block there (a SIGSEGV handler); at most kWindowBytes are mapped at once,
// the oldest blocks being reserved again when another is needed. A fault
// maps kSmall bytes, or up to the end (the start) of the kBlock it is in
// when it lands less than a kBlock after (before) the range's last mapping:
// a program that writes a range from start to end takes about one fault
// per kBlock, one that touches a little of many blocks (each of 1,024
// simulated ranks sending its folded rows' edges) maps little of each.
//
// System calls that write into a folded range (read(2) into it) fail with
// EFAULT rather than fault: such a block must be kept real.
#include "folded_memory.hpp"

#include "cpu_clock.hpp"

#include <signal.h>
#include <time.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>

namespace hcc::rt {
namespace {

// Bytes of the largest mapping, and of the smallest. A fault writes every
// page it maps (below): mapping 2 MiB wherever a range was touched,
// mpi-stencil on 1,024 ranks spent 72 % of a 68 s simulation mapping
// blocks of which it read and wrote two rows; mapping 256 KiB everywhere,
// filling an 84 GB folded matrix took 122 s instead of 86 (eight times the
// faults).
constexpr size_t kBlock = size_t{2} << 20;
constexpr size_t kSmall = size_t{256} << 10;
// The memory file holds kSlices blocks; consecutive blocks of a range map
// consecutive slices, and consecutive ranges start on different slices.
// Had every block mapped the same bytes, two arrays a loop reads and writes
// at the same offsets (a stencil's two grids) would be one physical line
// for the processor, whose stores then conflict with its loads (a sweep of
// two folded 32 MiB grids: 16 ms, against 2 ms with two slices). More
// slices spill the caches: a program filling an 84 GB folded matrix took
// 2.5 s per 13 GB with one slice, 4.8 s with two, 8 s with four or eight.
constexpr size_t kSlices = 2;
// Bytes mapped at once. Mapping a 2 MiB block costs about a millisecond on
// this virtual machine, and a window smaller than what a loop walks remaps
// every block of it every time (examples/jacobi at 3,238 x 3,238, whose
// boundary loop walks two 84 MiB grids every step, took 40 s through 128
// MiB instead of 0.3 s). The window is what the resident set counts of
// folded memory.
constexpr size_t kWindowBytes = size_t{256} << 20;
constexpr int kWindow = kWindowBytes / kSmall;  // mappings at most
constexpr int kMaxRanges = 4096;            // folded ranges alive at once

struct Range {
  char* base = nullptr;
  size_t length = 0;
  size_t first_slice = 0;
  char *mapped_begin = nullptr, *mapped_end = nullptr;  // its last mapping
};

struct Mapping {
  char* at = nullptr;
  size_t length = 0;
};

// Read by the fault handler, which runs on the faulting thread: folded
// ranges exist in simulated runs, whose actors run one at a time.
std::mutex mutex;
int file = -1;
Range ranges[kMaxRanges];
Mapping window[kWindow] = {};  // a ring: `mappings` entries from `oldest` on
int oldest = 0, mappings = 0;
size_t window_bytes = 0;
size_t next_first_slice = 0;
struct sigaction previous;
size_t page_size = 4096;  // the system's, read before the first fault (sysconf is no signal handler's)
std::atomic<double> fault_seconds{0};
// set_fold_crash_note's line, in one of two buffers (the other is written
// while the handler may read this one).
char crash_notes[2][4096];
std::atomic<int> crash_note{-1};

double monotonic_seconds() {
  timespec ts;
  real_clock_gettime(CLOCK_MONOTONIC, &ts);  // async-signal-safe once resolved (install_handler)
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

size_t page_rounded(size_t bytes) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return (bytes + page - 1) / page * page;
}

bool reserve(void* at, size_t length) {
  return mmap(at, length, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0) != MAP_FAILED;
}

const Range* range_of(const char* addr) {
  for (const Range& r : ranges)
    if (r.base && addr >= r.base && addr < r.base + r.length) return &r;
  return nullptr;
}

// Reserves the oldest mappings again until one more of `bytes` fits the
// window, then counts it there.
void add_mapping(char* at, size_t bytes) {
  while (mappings > 0 && (mappings == kWindow || window_bytes + bytes > kWindowBytes)) {
    Mapping& m = window[oldest];
    if (m.at) reserve(m.at, m.length);
    window_bytes -= m.length;
    m = Mapping{};
    oldest = (oldest + 1) % kWindow;
    --mappings;
  }
  window[(oldest + mappings) % kWindow] = Mapping{at, bytes};
  ++mappings;
  window_bytes += bytes;
}

void on_fault(int sig, siginfo_t* info, void* context) {
  char* addr = static_cast<char*>(info->si_addr);
  if (Range* r = const_cast<Range*>(range_of(addr))) {
    const double start = monotonic_seconds();
    const size_t offset = static_cast<size_t>(addr - r->base);
    const size_t region = offset / kBlock * kBlock;  // where its kBlock starts in the range
    size_t from = offset / kSmall * kSmall, to = std::min(from + kSmall, r->length);
    // A sweep goes on, either way, maybe skipping some (a triangle filled
    // column by column): the rest of its kBlock.
    if (r->mapped_begin && addr >= r->mapped_end && addr < r->mapped_end + kBlock)
      to = std::min(region + kBlock, r->length);
    else if (r->mapped_begin && addr < r->mapped_begin && addr + kBlock >= r->mapped_begin)
      from = region;
    const size_t length = to - from;
    char* block = r->base + from;
    add_mapping(block, length);
    const size_t slice = (r->first_slice + region / kBlock) % kSlices;
    if (mmap(block, length, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED | MAP_POPULATE, file,
             static_cast<off_t>(slice * kBlock + (from - region))) != MAP_FAILED) {
      // Every page written once, here (its byte rewritten: the block's
      // garbage is what the program last wrote there): a virtual machine
      // with shadow page tables otherwise takes a fault of its own at the
      // first access to each page of a new mapping, inside whatever burst a
      // simulation is timing (a sampled loop over two folded grids measured
      // 21 us per row instead of the 3.6 us it runs on real memory).
      // Counted as the mapping's time; a program sweeping the block would
      // pay it anyway.
      volatile char* bytes = block;
      for (size_t at = 0; at < length; at += page_size) bytes[at] = bytes[at];
      r->mapped_begin = block;
      r->mapped_end = block + length;
      fault_seconds.store(fault_seconds.load(std::memory_order_relaxed) + monotonic_seconds() - start,
                          std::memory_order_relaxed);
      return;  // the access runs again
    }
  }
  // Not a folded range (or no mapping to be had): the program crashes, maybe
  // from what it read in folded memory; whoever handled faults before.
  if (const int n = crash_note.load(); n >= 0) {
    const ssize_t written = write(STDERR_FILENO, crash_notes[n], strlen(crash_notes[n]));
    (void)written;
  }
  if (previous.sa_flags & SA_SIGINFO) {
    previous.sa_sigaction(sig, info, context);
  } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
    previous.sa_handler(sig);
  } else {
    signal(SIGSEGV, SIG_DFL);  // the access faults again and ends the process
  }
}

// The memory file every block maps, made on first use (mutex held).
bool open_file() {
  if (file >= 0) return true;
  page_size = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  file = memfd_create("hccsim-folded", MFD_CLOEXEC);
  if (file < 0) return false;
  if (ftruncate(file, static_cast<off_t>(kSlices * kBlock)) == 0) return true;
  close(file);
  file = -1;
  return false;
}

// SimGrid installs its own handler when its engine starts (it reports
// stack overflows of actors): ours is put back in front of whatever is there.
void install_handler() {
  monotonic_seconds();  // resolves the C library's clock before a fault needs it
  struct sigaction current;
  sigaction(SIGSEGV, nullptr, &current);
  if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == on_fault) return;
  struct sigaction mine = {};
  mine.sa_sigaction = on_fault;
  mine.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&mine.sa_mask);
  sigaction(SIGSEGV, &mine, &previous);
}

}  // namespace

void* fold_allocate(size_t bytes) {
  const size_t length = page_rounded(std::max<size_t>(bytes, 1));
  std::lock_guard<std::mutex> lock(mutex);
  if (!open_file()) return nullptr;
  Range* slot = std::find_if(std::begin(ranges), std::end(ranges), [](const Range& r) { return !r.base; });
  if (slot == std::end(ranges)) return nullptr;
  void* range = mmap(nullptr, length, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (range == MAP_FAILED) return nullptr;
  install_handler();
  slot->length = length;
  slot->first_slice = next_first_slice++ % kSlices;
  slot->base = static_cast<char*>(range);
  return range;
}

void set_fold_crash_note(const std::string& line) {
  const int next = (crash_note.load() + 1) & 1;
  std::snprintf(crash_notes[next], sizeof crash_notes[next], "%s\n", line.c_str());
  crash_note.store(next);
}

double fold_fault_seconds() { return fault_seconds.load(std::memory_order_relaxed); }

bool fold_in_place(void* addr, size_t bytes) {
  const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(addr) + page - 1) / page * page;
  const uintptr_t end = (reinterpret_cast<uintptr_t>(addr) + bytes) / page * page;
  if (end <= begin) return true;  // no whole page: nothing to fold
  std::lock_guard<std::mutex> lock(mutex);
  if (!open_file()) return false;
  Range* slot = std::find_if(std::begin(ranges), std::end(ranges), [](const Range& r) { return !r.base; });
  if (slot == std::end(ranges)) return false;
  if (!reserve(reinterpret_cast<void*>(begin), end - begin)) return false;
  install_handler();
  slot->length = end - begin;
  slot->first_slice = next_first_slice++ % kSlices;
  slot->base = reinterpret_cast<char*>(begin);
  return true;
}

void fold_release(void* range, size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  for (Range& r : ranges) {
    if (r.base != range) continue;
    // Its mappings leave the window's count now; their entries stay, empty,
    // until their turn to be reserved comes.
    for (Mapping& m : window)
      if (m.at >= r.base && m.at < r.base + r.length) {
        window_bytes -= m.length;
        m.length = 0;
        m.at = nullptr;
      }
    r = Range{};
  }
  munmap(range, page_rounded(std::max<size_t>(bytes, 1)));
}

}  // namespace hcc::rt
