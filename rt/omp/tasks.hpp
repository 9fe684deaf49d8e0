// Explicit tasks as the runtime sees them: the block __kmpc_omp_task_alloc
// returns is preceded by a TaskHeader, and the whole block is what the
// runtime's task carries as its argument.
#pragma once

#include <cstddef>

#include "omp_state.hpp"

namespace hcc::omp {

// omp_event_handle_t of a detachable task.
struct Event {
  rt::Task* task = nullptr;  // once submitted
  bool fulfilled = false;    // fulfilled before it was submitted
  bool orphan = false;       // its task ran when created: nothing to complete
};

// What the worker running the task reads first, then what only the creating
// thread reads; with the kmp_task_t and its shareds after it, the block of a
// common task spans two cache lines, which the worker that runs it reads from
// the creator's cache. A block that fits lies in the runtime task that will
// carry it (Runtime::reserve_task), and comes back with that task; a larger
// one comes from the block cache (block_cache.hpp aligns both).
struct alignas(16) TaskHeader {
  State* state;
  Team* team;
  rt::Task* host;  // the reserved runtime task whose inline_arg holds the block, or nullptr
  uint32_t bytes;  // the whole block, header included
  uint16_t flags;  // __kmpc_omp_task_alloc's (the compiler's, below bit 16)
  uint16_t depth;  // in the tree of tasks: its creating task's, plus one (Context::depth)
  int creator;     // the creating thread's slot (State::threads)
  bool final;
  bool at_once;  // runs when created: in a team of one, or final (see runs_when_created)
  // Untied tasks: clang splits their bodies at scheduling points, each part
  // handing the task back to the runtime (__kmpc_omp_task on the running
  // task) to be called again for the next part. The thread running it runs
  // the next part at once: tied execution, which OpenMP allows.
  bool running = false;
  bool next_part = false;
  Event* event = nullptr;
  TaskAttributes attributes;  // what the compiler said of the task
};
static_assert(sizeof(TaskHeader) == 64);

inline kmp_task_t* task_of(TaskHeader* h) { return reinterpret_cast<kmp_task_t*>(h + 1); }
inline TaskHeader* header_of(kmp_task_t* t) { return reinterpret_cast<TaskHeader*>(t) - 1; }

// Whether a task created now runs at once on the creating thread: in a team
// of one, or inside a final task.
inline bool runs_when_created(const TaskHeader* h) { return h->at_once; }
// Runs a task on the calling thread and frees it; psource: its construct's
// source location (names a task the compiler did not, as submit's).
void run_now(TaskHeader* h, const char* psource);
// Hands a task to the runtime, with the dependencies of its depend items;
// psource: its construct's source location (names a task the compiler did not).
void submit(TaskHeader* h, const kmp_depend_info_t* deps, int ndeps, const char* psource);

}  // namespace hcc::omp
