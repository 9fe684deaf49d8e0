// How a folded range stays small in the host's memory: Linux counts a page
// in a process's resident set once per mapping of it, so mapping one block
// over and over would report (and hold page tables for) the whole range.
// Instead the range is reserved without access, and a fault in it maps the
// block there (a SIGSEGV handler); at most kWindow blocks are mapped at
// once, the oldest being reserved again when another is needed. A program
// that writes a range from start to end takes one fault per block.
//
// System calls that write into a folded range (read(2) into it) fail with
// EFAULT rather than fault: such a block must be kept real.
#include "folded_memory.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <mutex>

namespace hcc::rt {
namespace {

constexpr size_t kBlock = size_t{2} << 20;  // the bytes behind every folded range
constexpr int kWindow = 16;                 // blocks mapped at once
constexpr int kMaxRanges = 4096;            // folded ranges alive at once

struct Range {
  char* base = nullptr;
  size_t length = 0;
};

// Read by the fault handler, which runs on the faulting thread: folded
// ranges exist in simulated runs, whose actors run one at a time.
std::mutex mutex;
int file = -1;
Range ranges[kMaxRanges];
char* window[kWindow] = {};  // mapped blocks, oldest at next_slot
int next_slot = 0;
struct sigaction previous;

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

void on_fault(int sig, siginfo_t* info, void* context) {
  const char* addr = static_cast<const char*>(info->si_addr);
  if (const Range* r = range_of(addr)) {
    char* block = r->base + (addr - r->base) / kBlock * kBlock;
    const size_t length = std::min(kBlock, r->length - static_cast<size_t>(block - r->base));
    if (char* old = window[next_slot]) {
      const Range* o = range_of(old);
      if (o) reserve(old, std::min(kBlock, o->length - static_cast<size_t>(old - o->base)));
    }
    if (mmap(block, length, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED | MAP_POPULATE, file, 0) != MAP_FAILED) {
      window[next_slot] = block;
      next_slot = (next_slot + 1) % kWindow;
      return;  // the access runs again
    }
  }
  // Not a folded range (or no mapping to be had): whoever handled faults before.
  if (previous.sa_flags & SA_SIGINFO) {
    previous.sa_sigaction(sig, info, context);
  } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
    previous.sa_handler(sig);
  } else {
    signal(SIGSEGV, SIG_DFL);  // the access faults again and ends the process
  }
}

// SimGrid installs its own handler when its engine starts (it reports
// stack overflows of actors): ours is put back in front of whatever is there.
void install_handler() {
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
  if (file < 0) {
    file = memfd_create("hccsim-folded", MFD_CLOEXEC);
    if (file < 0) return nullptr;
    if (ftruncate(file, static_cast<off_t>(kBlock)) != 0) {
      close(file);
      file = -1;
      return nullptr;
    }
  }
  Range* slot = std::find_if(std::begin(ranges), std::end(ranges), [](const Range& r) { return !r.base; });
  if (slot == std::end(ranges)) return nullptr;
  void* range = mmap(nullptr, length, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (range == MAP_FAILED) return nullptr;
  install_handler();
  slot->length = length;
  slot->base = static_cast<char*>(range);
  return range;
}

void fold_release(void* range, size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  for (Range& r : ranges) {
    if (r.base != range) continue;
    for (char*& block : window)
      if (block >= r.base && block < r.base + r.length) block = nullptr;
    r.base = nullptr;
  }
  munmap(range, page_rounded(std::max<size_t>(bytes, 1)));
}

}  // namespace hcc::rt
