// The types of the OpenMP runtime ABI that clang 19 emits calls to
// (libomp's __kmpc_* entry points). Layouts must match the compiler's: clang
// allocates nothing of the runtime's own, but fills in these structures.
#pragma once

#include <cstddef>
#include <cstdint>

extern "C" {

// Source location of a construct: psource is ";file;function;line;column;;"
// with debug info, ";unknown;unknown;0;0;;" without.
struct ident_t {
  int32_t reserved_1;
  int32_t flags;  // kIdentAtomicReduce, ...
  int32_t reserved_2;
  int32_t reserved_3;
  const char* psource;
};
// The compiler emitted atomic updates for this reduction (its second case).
constexpr int32_t kIdentAtomicReduce = 0x10;

// The outlined body of a parallel region: (global thread id, thread number
// in the team, the captured variables...).
typedef void (*kmpc_micro)(int32_t* gtid, int32_t* tid, ...);

typedef int32_t (*kmp_routine_entry_t)(int32_t gtid, void* task);

union kmp_cmplrdata_t {
  int32_t priority;
  kmp_routine_entry_t destructors;
};

// What __kmpc_omp_task_alloc returns. The compiler's structure extends it:
// the task's privates follow, and for taskloop the bounds (see
// TaskloopFields); the shared variables' block is separate (shareds).
struct kmp_task_t {
  void* shareds;
  kmp_routine_entry_t routine;
  int32_t part_id;
  kmp_cmplrdata_t data1;  // destructors of firstprivate objects
  kmp_cmplrdata_t data2;  // priority
};

// The flags argument of __kmpc_omp_task_alloc.
enum : int32_t {
  kTaskTied = 0x1,
  kTaskFinal = 0x2,
  kTaskMergedIf0 = 0x4,
  kTaskDestructors = 0x8,
  kTaskPriority = 0x20,
  kTaskDetachable = 0x40,
};

// One depend item; len is the item's size in bytes.
struct kmp_depend_info_t {
  intptr_t base_addr;
  size_t len;
  uint8_t flags;
};

enum : uint8_t {
  kDepIn = 0x1,
  kDepOut = 0x2,  // out and inout both come as in | out
  kDepMutexInoutSet = 0x4,
  kDepInoutSet = 0x8,
  kDepAllMemory = 0x80,
};

// Loop schedules (enum sched_type), less the monotonic and nonmonotonic
// modifier bits.
enum : int32_t {
  kSchStaticChunked = 33,
  kSchStatic = 34,
  kSchDynamicChunked = 35,
  kSchGuidedChunked = 36,
  kSchRuntime = 37,
  kSchAuto = 38,
  kSchTrapezoidal = 39,
  kSchStaticGreedy = 40,
  kSchStaticBalanced = 41,
  kSchGuidedIterative = 42,
  kSchGuidedAnalytical = 43,
  kSchStaticSteal = 44,
  kOrdLower = 64,  // ordered loops: the same kinds plus 32
  kOrdUpper = 72,
  kDistributeStaticChunked = 91,
  kDistributeStatic = 92,
  kSchModifierMask = (1 << 29) | (1 << 30),
};

// One item of a task reduction (__kmpc_taskred_init).
struct kmp_taskred_input_t {
  void* reduce_shar;  // the shared variable
  void* reduce_orig;  // the original item (user-defined initialisers read it)
  size_t reduce_size;
  void* reduce_init;  // void init(void* private, void* orig)
  void* reduce_fini;  // void fini(void* private), or NULL
  void* reduce_comb;  // void comb(void* shared, void* private)
  int32_t flags;      // bit 0: lazy private copies; bit 1: reduce_shar is an array of items
};

typedef int32_t kmp_critical_name[8];

typedef void (*kmp_task_dup_t)(kmp_task_t* dst, kmp_task_t* src, int32_t lastpriv);

}  // extern "C"
