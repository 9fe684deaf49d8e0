// The program's own heap: every allocation and release that the program's
// code makes (malloc family, new/delete) in instrumented and simulated
// builds, counted on main memory at the time it happens (the summary's
// peak_mem, HCC_MEMORY_CSV), and, in simulated builds, large allocations
// folded (folded_memory.hpp).
//
// The driver redirects the program's references to the allocation functions
// (llvm-objcopy --redefine-sym on each object it compiles, drivers/hccsim)
// to the hcc_program_* functions defined here: the runtime's own allocations,
// SimGrid's and the C library's stay out of the count. Memory the program
// gets from functions of libraries (strdup, getline) is not counted; freeing
// it is passed on uncounted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "heap_logs.hpp"

namespace hcc::rt {

// Where the program's allocations are counted: the running runtime.
class ProgramMemorySink {
 public:
  virtual ~ProgramMemorySink() = default;
  // bytes_in_use: the program's total after the change (a simulation: its
  // actors, one at a time).
  virtual void program_memory_changed(uint64_t bytes_in_use) = 0;
  // An instrumented run's whole curve once it is detached, its threads'
  // logs merged (heap_logs.hpp).
  virtual void program_memory_replayed(const std::vector<HeapSample>& curve) = 0;
};

// From the runtime's start to its shutdown; the sink is told at once what
// is in use (allocations made before, by static constructors say).
void attach_program_memory(ProgramMemorySink* sink);
void detach_program_memory(ProgramMemorySink* sink);  // if attached

// While one lives on a thread, the program's allocations are not counted:
// those of a kernel's body (a task whose codelet is neither control code
// nor steering, or declares what it allocates: kernels.cpp). A
// simulation does not run kernels, so what they allocate is counted, in
// every mode, by what their tasks declare (hcc_task_desc::mem_alloc and
// mem_free, #pragma hcc task alloc/free); counting it natively too would
// count it twice there and make the native and simulated curves differ.
// Outside simulations such blocks are not kept either (their frees pass
// them on uncounted): keeping one was the instrumentation's work inside the
// kernel's measured time.
class KernelAllocations {
 public:
  KernelAllocations();
  ~KernelAllocations();
  KernelAllocations(const KernelAllocations&) = delete;
  KernelAllocations& operator=(const KernelAllocations&) = delete;
};

struct FoldedTotals {
  uint64_t allocations = 0;  // folded since the process started
  uint64_t bytes = 0;
};
FoldedTotals folded_totals();
// Prints how many of the program's allocations were folded, if any.
void report_folded_allocations();

}  // namespace hcc::rt
