#include "program_memory.hpp"

#include <dlfcn.h>
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory_resource>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "bursts.hpp"
#include "config.hpp"
#include "fatal.hpp"
#include "hcc/hcc.h"
#include "folded_memory.hpp"
#include "heap_logs.hpp"
#include "host_device.hpp"
#include "native_heap.hpp"
#include "ranks.hpp"
#include "shared_folds.hpp"
#include "small_blocks.hpp"

// Defined by the link of a simulated program (drivers/hccsim): large
// allocations are folded there.
extern "C" __attribute__((weak)) const int hcc_simulated_build;

namespace hcc::rt {
namespace {

struct Block {
  size_t bytes;  // as the program asked
  bool folded;
  bool counted;  // not by a kernel (KernelAllocations)
  NativeBlock native{};  // where a native run keeps it (native_heap.hpp)
};

// Kernel bodies run to their end without switching actors: a thread's depth
// serves simulated actors too.
thread_local int kernel_depth = 0;

// Memory of the table below, mapped apart from the C library's heap that
// the program's blocks come from: a node of the table allocated by malloc
// after each of the program's blocks sat between them (a k-d tree's 40-byte
// nodes, when the table held them, lay 112 bytes apart instead of 48, half
// as dense in the caches).
class MappedMemory : public std::pmr::memory_resource {
  void* do_allocate(size_t bytes, size_t) override {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    return p;
  }
  void do_deallocate(void* p, size_t bytes, size_t) override { munmap(p, bytes); }
  bool do_is_equal(const memory_resource& other) const noexcept override { return this == &other; }
};

// The program's live blocks, by address: freeing needs the size (to count
// it) and whether the block is folded (munmap, not free). Small blocks
// where nothing else is to be kept are in small_blocks.hpp's array; the
// others in a hash table, sharded so that the threads of an instrumented
// run rarely meet on one lock.
class BlockTable {
 public:
  void add(void* p, Block b) {
    if (!b.folded && b.native.place == NativeBlock::untracked && small_block(p, b.bytes)) {
      add_small_block(p, b.bytes, b.counted);
      return;
    }
    forget_small_block(p);  // one the program freed by another way
    Shard& s = shard(p);
    std::lock_guard<std::mutex> lock(s.mutex);
    s.blocks[p] = b;
  }
  // Forgets any block kept at p: one the program freed by another way,
  // where a block that is not kept now starts.
  void forget(void* p) {
    forget_small_block(p);
    Shard& s = shard(p);
    std::lock_guard<std::mutex> lock(s.mutex);
    s.blocks.erase(p);
  }
  // The block at p, removed; false for memory the program did not get from
  // the functions below.
  bool take(void* p, Block& b) {
    if (SmallBlock small; take_small_block(p, small)) {
      b = Block{small.bytes, false, small.counted};
      return true;
    }
    Shard& s = shard(p);
    std::lock_guard<std::mutex> lock(s.mutex);
    auto it = s.blocks.find(p);
    if (it == s.blocks.end()) return false;
    b = it->second;
    s.blocks.erase(it);
    return true;
  }

 private:
  static constexpr size_t kShards = 64;
  struct Shard {
    std::mutex mutex;
    MappedMemory mapped;
    std::pmr::unsynchronized_pool_resource pool{&mapped};  // under the mutex
    std::pmr::unordered_map<void*, Block> blocks{&pool};
  };
  Shard& shard(void* p) { return shards_[(reinterpret_cast<uintptr_t>(p) >> 4) % kShards]; }
  Shard shards_[kShards];
};

// Never destroyed: the program allocates and frees until the process ends
// (static destructors, atexit handlers).
BlockTable& table() {
  static BlockTable* t = new BlockTable;
  return *t;
}

// Each rank's heap is its own: in a simulation with ranks, the running
// actor's rank counts what it allocates (ranks.hpp).
std::mutex sink_mutex;
std::atomic<uint64_t> folded_allocations{0}, folded_bytes{0};

// Where the program allocated what was folded by its size (the return
// addresses of its calls), and the same as text ("prog+0x1a2b, ..."), for
// the run's one line about them and the line a crash prints.
struct FoldedSites {
  std::vector<const void*> sites;
  std::string text;
};
std::mutex sites_mutex;
FoldedSites& folded_sites() {
  static auto* sites = new FoldedSites;  // used until the process ends
  return *sites;
}
// The caller of the allocation function the program called, set by each
// entry below before it allocates (no simcall in between: actors that
// share the system thread cannot interleave).
thread_local const void* caller_site = nullptr;

// "program+0x1a2b" (the offset addr2line takes), or the symbol when the
// object exports it.
std::string describe_site(const void* site) {
  Dl_info info{};
  char text[64];
  if (!site || !dladdr(site, &info) || !info.dli_fname) {
    std::snprintf(text, sizeof text, "%p", site);
    return text;
  }
  const uintptr_t offset = reinterpret_cast<uintptr_t>(site) - reinterpret_cast<uintptr_t>(info.dli_fbase);
  std::snprintf(text, sizeof text, "+0x%" PRIxPTR, offset);
  const char* slash = std::strrchr(info.dli_fname, '/');
  std::string where = std::string(slash ? slash + 1 : info.dli_fname) + text;
  if (info.dli_sname) where += " (" + std::string(info.dli_sname) + ")";
  return where;
}

void note_folded_site() {
  std::lock_guard<std::mutex> lock(sites_mutex);
  FoldedSites& folded = folded_sites();
  if (std::find(folded.sites.begin(), folded.sites.end(), caller_site) != folded.sites.end()) return;
  folded.sites.push_back(caller_site);
  folded.text += (folded.text.empty() ? "" : ", ") + describe_site(caller_site);
  set_fold_crash_note("hccsim: the program crashed in a simulation that folds its allocations (HCC_FOLD_THRESHOLD; "
                      "their contents are not kept): it may have read one, allocated by size at " + folded.text);
}

bool simulated_build() { return &hcc_simulated_build != nullptr && hcc_simulated_build; }

// An instrumented run's threads, which run at once, each log their own
// changes while a runtime is attached (heap_logs.hpp); a simulation's
// actors, which run one at a time, count them here in the order they run.
void count(int64_t delta) {
  const bool logs = !simulated_build();
  if (logs && log_heap_change(delta)) return;
  std::lock_guard<std::mutex> lock(sink_mutex);
  if (logs && log_heap_change(delta)) return;  // the runtime attached meanwhile
  Rank& rank = current_rank();
  rank.program_bytes += static_cast<uint64_t>(delta);
  if (rank.memory_sink) rank.memory_sink->program_memory_changed(rank.program_bytes);
}

// HCC_FOLD_THRESHOLD: bytes, with an optional K, M or G (binary) suffix;
// unset or 0: nothing is folded by its size. Folding by size is the user's
// choice, never the default: the program's own code runs for real in a
// simulation and reads what it wrote (an index array, a grid a loop
// updates), which folded blocks do not keep.
size_t parse_fold_threshold() {
  const char* text = std::getenv("HCC_FOLD_THRESHOLD");
  if (!text || !*text) return 0;
  const std::optional<uint64_t> bytes = parse_size(text);
  if (!bytes)
    fatal(std::string("HCC_FOLD_THRESHOLD=") + text + ": expected a size in bytes (e.g. 1048576 or 1M; 0: never fold)");
  return static_cast<size_t>(*bytes);
}

size_t fold_threshold() {
  static const size_t threshold = simulated_build() ? parse_fold_threshold() : 0;
  return threshold;
}

// #pragma hcc shared / keep on the statement the thread runs, and for
// shared(all) its site (shared_folds.hpp).
thread_local int allocation_mode = HCC_ALLOCATIONS_BY_SIZE;
thread_local const char* shared_site = nullptr;

bool folds(size_t bytes) {
  if (!simulated_build() || allocation_mode == HCC_ALLOCATIONS_KEPT) return false;
  if (allocation_mode != HCC_ALLOCATIONS_BY_SIZE) return true;
  return fold_threshold() > 0 && bytes >= fold_threshold();
}

// A block the program gets. fill: a real block of a simulated build, which
// the native heap's model places (native_heap.hpp); the bookkeeping is the
// simulator's time, not the program's.
void* allocated(void* p, size_t bytes, bool folded, std::optional<NativeFill> fill = std::nullopt) {
  if (!p) return nullptr;
  const bool counted = kernel_depth == 0;
  // A kernel's real block in a run that runs kernels (instrumented; a
  // simulated build places blocks: fill) is not counted and needs no entry:
  // its free finds none and passes it on uncounted. Writing one was the
  // instrumentation's work inside the kernel's measured time, and a costly
  // one: a block's slot (small_blocks.hpp) lies on a page of its own for
  // every 32 KiB of heap, which the first block there faults in. A
  // multifrontal solver's activates, whose fronts spread over 1 GB of heap,
  // took 18,000 such faults and 1.6 times their native time.
  if (!counted && !folded && !fill) {
    table().forget(p);
    return p;
  }
  NativePlacement placed;
  {
    SimulatorWork simulator;
    if (fill) placed = native_heap_place(p, bytes);
    table().add(p, Block{bytes, folded, counted, placed.block});
    if (counted) count(static_cast<int64_t>(bytes));
  }
  if (fill) native_heap_refresh(p, bytes, placed, *fill);
  return p;
}

// The sites of the program's sampled statements (#pragma hcc sample): the
// rewriter puts them in this section (HCC_SAMPLE_SITE). The executable's
// own: a shared library's sites are not seen.
extern "C" hcc_sample_site __start_hcc_sample_sites[] __attribute__((weak));
extern "C" hcc_sample_site __stop_hcc_sample_sites[] __attribute__((weak));

bool program_samples() { return &__start_hcc_sample_sites[0] != &__stop_hcc_sample_sites[0]; }

// A folded block when large enough (and the system gives one), else malloc's.
// Large real blocks of a simulated program that samples are touched when
// allocated: a simulation measures a sampled burst's first runs only, and a
// loop's first iterations over fresh pages fault each one in (here, a
// virtual machine, 25 times slower than over touched pages: examples/heat's
// first rows measured 100 us instead of 6). Not those of other programs,
// whose bursts are all measured: a block touched at once gets its pages in
// another physical order than the program's own first accesses give it,
// and runs at another speed (examples/jacobi's sweeps 10 % faster natively
// with their grids touched when allocated: its simulation predicted that).
constexpr size_t kTouchedFrom = size_t{64} << 10;

// Faults the pages of [p, p + bytes) in by writing zeros from the program
// itself (not memset: compilers turn malloc + memset(0) into calloc, which
// touches nothing). Not MADV_POPULATE_WRITE: the kernel's touch left the
// first accesses of the program slow on this virtual machine (its shadow
// page tables are filled by user accesses), and sampled predictions of
// examples/heat scattered by 40 %.
void touch(void* p, size_t bytes) { explicit_bzero(p, bytes); }

// zeroed: calloc's, which knows when fresh pages need no clearing (a
// folded block is not cleared: its bytes are shared garbage anyway).
void* allocate(size_t bytes, bool zeroed = false) {
  if (folds(bytes)) {
    void* p = shared_site ? shared_fold_acquire(shared_site, current_rank().index, bytes) : fold_allocate(bytes);
    if (p) {
      folded_allocations.fetch_add(1, std::memory_order_relaxed);
      folded_bytes.fetch_add(bytes, std::memory_order_relaxed);
      if (allocation_mode == HCC_ALLOCATIONS_BY_SIZE) note_folded_site();
      if (!shared_site) return allocated(p, bytes, true);
      // Shared ranges are kept by shared_folds, not the table: counted as
      // their release will be, whatever the kernel depth.
      count(static_cast<int64_t>(bytes));
      return p;
    }
  }
  if (simulated_build() && bytes >= kTouchedFrom && program_samples()) {
    void* p = std::malloc(bytes);
    if (p) touch(p, bytes);
    return allocated(p, bytes, false);
  }
  if (simulated_build()) {
    // Fresh pages where a native run's allocator would give fresh pages.
    void* p = std::malloc(bytes);
    return allocated(p, bytes, false, zeroed ? NativeFill::zero : NativeFill::any);
  }
  return allocated(zeroed ? std::calloc(1, bytes) : std::malloc(bytes), bytes, false);
}

// Folded ranges are page-aligned: larger alignments are allocated for real.
void* allocate_aligned(size_t align, size_t bytes) {
  if (align <= static_cast<size_t>(sysconf(_SC_PAGESIZE)) && folds(bytes)) return allocate(bytes);
  void* p = nullptr;
  if (posix_memalign(&p, align, bytes) != 0) return nullptr;
  return allocated(p, bytes, false, simulated_build() ? std::optional(NativeFill::any) : std::nullopt);
}

void release(void* p) {
  if (!p) return;
  Block b;
  bool taken;
  {
    SimulatorWork simulator;
    taken = table().take(p, b);
    if (taken && b.counted) count(-static_cast<int64_t>(b.bytes));
    if (taken && !b.folded) native_heap_freed(b.native, b.bytes);
  }
  if (!taken) {
    if (size_t bytes; shared_fold_release(p, current_rank().index, bytes)) count(-static_cast<int64_t>(bytes));
    else std::free(p);
    return;
  }
  if (b.folded) fold_release(p, b.bytes);
  else std::free(p);
}

void* new_or_throw(void* p) {
  if (!p) throw std::bad_alloc();
  return p;
}

}  // namespace

void attach_program_memory(ProgramMemorySink* s) {
  std::lock_guard<std::mutex> lock(sink_mutex);
  Rank& rank = current_rank();
  rank.memory_sink = s;
  if (s && !simulated_build()) start_heap_logs(rank.program_bytes);
  else if (s && rank.program_bytes) s->program_memory_changed(rank.program_bytes);
}

void detach_program_memory(ProgramMemorySink* s) {
  std::lock_guard<std::mutex> lock(sink_mutex);
  Rank& rank = current_rank();
  if (rank.memory_sink != s) return;
  rank.memory_sink = nullptr;
  if (!simulated_build()) s->program_memory_replayed(stop_heap_logs(rank.program_bytes));
}

KernelAllocations::KernelAllocations() { ++kernel_depth; }
KernelAllocations::~KernelAllocations() { --kernel_depth; }

FoldedTotals folded_totals() { return FoldedTotals{folded_allocations.load(), folded_bytes.load()}; }

void report_folded_allocations() {
  const FoldedTotals folded = folded_totals();
  if (folded.allocations == 0) return;
  std::string sites;
  {
    std::lock_guard<std::mutex> lock(sites_mutex);
    sites = folded_sites().text;
  }
  // Folded by size, the user's choice: what the program's own code computed
  // from those blocks may differ from a native run's, and the line says
  // where they were allocated (#pragma hcc shared's sites the user marked).
  std::fprintf(stderr,
               "hccsim: folded %" PRIu64 " allocation(s) of the program, %" PRIu64 " bytes in all "
               "(HCC_FOLD_THRESHOLD, #pragma hcc shared; their contents are not kept)%s%s\n",
               folded.allocations, folded.bytes,
               sites.empty() ? "" : ": what the program computes from them may differ from a native run; "
                                    "allocated by size at ",
               sites.c_str());
}

}  // namespace hcc::rt

using hcc::rt::allocate;
using hcc::rt::allocate_aligned;
using hcc::rt::release;

// What the program's references to the allocation functions become
// (drivers/hccsim: the symbol each replaces is named beside it).
extern "C" {

void* hcc_program_malloc(size_t n) {  // malloc
  hcc::rt::caller_site = __builtin_return_address(0);
  return allocate(n);
}

void* hcc_program_calloc(size_t n, size_t size) {  // calloc
  hcc::rt::caller_site = __builtin_return_address(0);
  if (size && n > SIZE_MAX / size) {
    errno = ENOMEM;
    return nullptr;
  }
  return allocate(n * size, true);
}

namespace hcc::rt {
namespace {

void* reallocate(void* p, size_t n) {
  if (!p) return allocate(n);
  if (n == 0) {
    release(p);
    return nullptr;
  }
  Block b;
  bool taken;
  {
    SimulatorWork simulator;
    taken = table().take(p, b);
  }
  if (!taken) {
    if (!shared_fold_holds(p)) return std::realloc(p, n);  // not the program's: not counted
    // A range shared by ranks (#pragma hcc shared(all)): garbage, not copied.
    void* q = allocate(n);
    if (q) release(p);
    return q;
  }
  void* q = nullptr;
  if (!b.folded && !folds(n)) {
    q = std::realloc(p, n);
    SimulatorWork simulator;
    if (!q) {
      table().add(p, b);
      return nullptr;
    }
    // The block stays counted or not, as when it was allocated; its bytes
    // are kept, no page of it made fresh.
    native_heap_freed(b.native, b.bytes);
    b.native = simulated_build() ? native_heap_place(q, n).block : NativeBlock{};
    table().add(q, Block{n, false, b.counted, b.native});
    if (b.counted) count(static_cast<int64_t>(n) - static_cast<int64_t>(b.bytes));
    return q;
  }
  // To or from a folded block: a new block; bytes are copied only from and
  // into real memory (a folded one holds garbage).
  table().add(p, b);
  q = allocate(n);
  if (!q) return nullptr;
  if (!b.folded) std::memcpy(q, p, std::min(n, b.bytes));
  release(p);
  return q;
}

}  // namespace
}  // namespace hcc::rt

void* hcc_program_realloc(void* p, size_t n) {  // realloc
  hcc::rt::caller_site = __builtin_return_address(0);
  return hcc::rt::reallocate(p, n);
}

void* hcc_program_reallocarray(void* p, size_t n, size_t size) {  // reallocarray
  hcc::rt::caller_site = __builtin_return_address(0);
  if (size && n > SIZE_MAX / size) {
    errno = ENOMEM;
    return nullptr;
  }
  return hcc::rt::reallocate(p, n * size);
}

void hcc_program_free(void* p) { release(p); }  // free

// Device memory of the only device there is, the host (any other device
// number is invalid, as in rt/omp/devices.cpp): the program's heap,
// counted and folded as malloc's.
void* hcc_program_target_alloc(size_t n, int device) {  // omp_target_alloc
  if (!hcc::rt::host_device(device)) return nullptr;
  hcc::rt::caller_site = __builtin_return_address(0);
  return allocate(n);
}
void hcc_program_target_free(void* p, int device) {  // omp_target_free
  if (hcc::rt::host_device(device)) release(p);
}

void hcc_program_allocations(int mode) {
  if (mode < HCC_ALLOCATIONS_BY_SIZE || mode > HCC_ALLOCATIONS_KEPT)
    hcc::rt::fatal("hcc_program_allocations(" + std::to_string(mode) + "): not an hcc_allocations value");
  hcc::rt::allocation_mode = mode;
  hcc::rt::shared_site = nullptr;
}

void hcc_program_fold_all(const char* site) {
  hcc::rt::allocation_mode = HCC_ALLOCATIONS_FOLDED;
  hcc::rt::shared_site = site ? site : "?";
}

void hcc_program_fold_static(void* array, size_t bytes) {
  if (!hcc::rt::simulated_build()) return;
  if (!hcc::rt::fold_in_place(array, bytes))
    std::fprintf(stderr, "hccsim: warning: an array of %zu bytes marked '#pragma hcc shared' could not be folded "
                         "(mmap refused): it keeps its memory\n", bytes);
}

void* hcc_program_aligned_alloc(size_t align, size_t n) {  // aligned_alloc
  hcc::rt::caller_site = __builtin_return_address(0);
  return allocate_aligned(align, n);
}
void* hcc_program_memalign(size_t align, size_t n) {  // memalign
  hcc::rt::caller_site = __builtin_return_address(0);
  return allocate_aligned(align, n);
}
void* hcc_program_valloc(size_t n) {  // valloc
  hcc::rt::caller_site = __builtin_return_address(0);
  return allocate_aligned(static_cast<size_t>(sysconf(_SC_PAGESIZE)), n);
}

int hcc_program_posix_memalign(void** out, size_t align, size_t n) {  // posix_memalign
  hcc::rt::caller_site = __builtin_return_address(0);
  if (align < sizeof(void*) || (align & (align - 1))) return EINVAL;
  void* p = allocate_aligned(align, n);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}

// operator new and new[] (throwing, nothrow, aligned) and their deletes.
void* hcc_program_new(size_t n) {
  hcc::rt::caller_site = __builtin_return_address(0);
  return hcc::rt::new_or_throw(allocate(n ? n : 1));
}
void* hcc_program_new_nothrow(size_t n, const std::nothrow_t&) noexcept {
  hcc::rt::caller_site = __builtin_return_address(0);
  return allocate(n ? n : 1);
}
void* hcc_program_new_aligned(size_t n, std::align_val_t a) {
  hcc::rt::caller_site = __builtin_return_address(0);
  return hcc::rt::new_or_throw(allocate_aligned(static_cast<size_t>(a), n ? n : 1));
}
void* hcc_program_new_aligned_nothrow(size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  hcc::rt::caller_site = __builtin_return_address(0);
  return allocate_aligned(static_cast<size_t>(a), n ? n : 1);
}
void hcc_program_delete(void* p) noexcept { release(p); }
void hcc_program_delete_sized(void* p, size_t) noexcept { release(p); }
void hcc_program_delete_aligned(void* p, std::align_val_t) noexcept { release(p); }
void hcc_program_delete_sized_aligned(void* p, size_t, std::align_val_t) noexcept { release(p); }
void hcc_program_delete_nothrow(void* p, const std::nothrow_t&) noexcept { release(p); }
void hcc_program_delete_aligned_nothrow(void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }

}  // extern "C"
