/* hccsim runtime: the stable C ABI.
 *
 * Rewritten programs (and hand-written C) call only what is declared here.
 * The same calls run natively (libhccrt-native) or under SimGrid
 * (libhccrt-sim); which one is decided at link time by the hccsim driver.
 */
#ifndef HCC_HCC_H
#define HCC_HCC_H
/* A system header to the program's compile: the rewriter includes it into
 * sources built with the program's own warnings (an `-ansi -pedantic
 * -Werror` build failed on this header's C99). */
#pragma GCC system_header

/* Only the compiler's freestanding <stddef.h>: the rewriter puts this header
 * above a program's first line, and a libc header here (<stdint.h> reads
 * <features.h>) would settle the feature-test macros before the program's
 * own `#define _GNU_SOURCE` could ask for more. */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HCC_ABI_VERSION 1

/* ---- Codelets ----------------------------------------------------------- */

/* A kernel receives the local address of each accessed datum (in the order of
 * the task's accesses, on the memory node of the executing worker) and the
 * task's argument block. */
typedef void (*hcc_kernel_fn)(void *const *buffers, void *arg);

enum hcc_codelet_flags {
  /* The body submits tasks or waits for them: in simulation it is always
   * run for real and charged the CPU bursts of its own code. */
  HCC_CODELET_CONTROL = 1u << 0,
  /* The CPU implementation does not read its buffers: a CPU worker passes
   * none (the runtime then does not look up the data's addresses, and the
   * task's lines stay in its submitter's cache). OpenMP bodies name their data
   * themselves. */
  HCC_CODELET_CPU_NO_BUFFERS = 1u << 1,
  /* The body's stores steer control code (it puts a block it allocated into
   * the program's data, sets a flag a condition reads): in simulation it
   * runs for real, for its effects, and is charged its kernel's model like
   * any kernel (its real run is timed while the kernel has none). Natively
   * it is a kernel. */
  HCC_CODELET_STEERS = 1u << 2,
};

typedef struct hcc_codelet {
  const char *name;            /* kernel name: keys models, records, traces */
  hcc_kernel_fn cpu;           /* CPU implementation, or NULL */
  hcc_kernel_fn cuda;          /* CUDA implementation, or NULL */
  int nparams;                 /* number of named numeric parameters */
  const char *const *param_names;
  unsigned flags;              /* hcc_codelet_flags */
} hcc_codelet;

/* ---- Data ---------------------------------------------------------------- */

typedef struct hcc_data *hcc_handle;

/* Access modes. HCC_INOUTSET and HCC_COMMUTE are OpenMP 5 `inoutset` and
 * `mutexinoutset`: tasks of one such set run concurrently (inoutset) or one at
 * a time in any order (commute), after the previous accesses and before the
 * next ones. */
typedef enum hcc_access_mode {
  HCC_R = 1,
  HCC_W = 2,
  HCC_RW = 3,
  HCC_INOUTSET = 4,
  HCC_COMMUTE = 8,
} hcc_access_mode;

typedef struct hcc_access {
  hcc_handle handle;
  int mode; /* hcc_access_mode */
} hcc_access;

/* Registers [addr, addr+size) in main memory. Registering the same address
 * again returns the same handle (its size must match). */
hcc_handle hcc_data_register(void *addr, size_t size);
/* Waits for the tasks that use the handle, then forgets it. */
void hcc_data_unregister(hcc_handle handle);
/* The handle registered at addr, or NULL. */
hcc_handle hcc_data_lookup(const void *addr);
size_t hcc_data_size(hcc_handle handle);

/* Application memory. Natively a real allocation; in simulation the bytes are
 * accounted on main memory but not allocated (the address must never be
 * dereferenced by control code). */
void *hcc_malloc(size_t size);
void hcc_free(void *ptr);

/* In a task's CUDA implementation: the stream (a cudaStream_t) to queue its
 * kernels and library calls on (cublasSetStream, cusolverDnSetStream). The
 * runtime knows the kernel ended by an event on this stream, so the
 * implementation must not synchronise the device. NULL outside a GPU worker. */
void *hcc_cuda_stream(void);

/* ---- Tasks --------------------------------------------------------------- */

typedef struct hcc_group_s *hcc_group;

typedef struct hcc_task_desc {
  const hcc_codelet *codelet;
  void *arg;                 /* argument block passed to the kernel */
  size_t arg_size;           /* > 0: the block is copied at submission */
  const hcc_access *accesses;
  int naccesses;
  const double *params;      /* named numeric parameters (codelet->param_names) */
  int nparams;
  int priority;              /* larger runs earlier under prio/dmda(s) */
  hcc_group group;           /* or NULL: the submitting task's group */
  /* Memory the task's body allocates and keeps after it ends (counted when
   * it starts) and memory it frees (counted when it ends), on the main-memory
   * node, in every mode (#pragma hcc task alloc(...) free(...)). */
  size_t mem_alloc;
  size_t mem_free;
} hcc_task_desc;

/* Submits a task; its dependencies are inferred from the accesses in
 * submission order (sequential task flow). Returns 0, or -1 with a message on
 * stderr for an invalid description. */
int hcc_submit(const hcc_task_desc *desc);

/* Waits for every task submitted so far (descendants included). Inside a
 * task, waits for the children of that task instead. */
void hcc_wait_all(void);
void hcc_taskwait(void);
/* Waits for the tasks submitted so far that access the handle. */
void hcc_wait_handle(hcc_handle handle);

hcc_group hcc_group_create(void);
void hcc_group_wait(hcc_group group); /* waits, then frees the group */

/* OpenMP taskgroup: the tasks the caller (the application, or the running
 * task) submits between begin and end, and their descendants, join a new
 * group; end waits for them. Task groups nest. */
void hcc_taskgroup_begin(void);
void hcc_taskgroup_end(void);

/* ---- Loops split between CPU cores and GPUs ------------------------------
 * One loop over [0, n), run at once by the CPU workers (a few contiguous
 * chunks each, taken as they free up) and by the GPUs (a part each), in the share that makes the parts
 * end together (seed 004, SGPU 2's approach 3): the share comes from the
 * times of the loop's earlier runs (and, first, from the models of kernel
 * "split:<name>" on each architecture, parameter `iterations`).
 * HCC_SPLIT=cpu|gpu|<the GPUs' share in [0, 1]> forces it. Each GPU gets
 * only its part's sections of the arrays (whole ones entire); what it
 * writes is back in main memory when hcc_split_for returns. */

/* The bytes of one array that iteration i reads or writes:
 * [base + offset + i * stride, + length). stride 0: the whole array, length
 * bytes from base + offset, for every part (read only); sent to each GPU at
 * each run, or, when those bytes are the program's registered data
 * (hcc_data_register), read through that handle: a GPU keeps its copy from
 * run to run while no task writes it. */
typedef struct hcc_split_section {
  void *base;
  size_t stride;
  size_t offset;
  size_t length;
  int mode; /* HCC_R, HCC_W, HCC_RW */
} hcc_split_section;

/* Runs iterations [begin, end). buffers[k] is section k's base as this side
 * sees it: the array itself on a CPU, a device pointer on a GPU that the
 * same index expressions address (only the part's bytes are there). A CUDA
 * implementation queues its work on hcc_cuda_stream() and returns. */
typedef void (*hcc_split_fn)(long begin, long end, void *const *buffers, void *arg);

/* Runs iterations [0, n) of the loop named name (keys its history, models,
 * records) and returns when every part has ended. cuda may be NULL (CPU
 * workers only, as without GPUs). Returns 0, or -1 with a message on
 * stderr for an invalid description. */
int hcc_split_for(const char *name, long n, const hcc_split_section *sections, int nsections, hcc_split_fn cpu,
                  hcc_split_fn cuda, void *arg);

/* The form `#pragma hcc split` compiles to: begin submits the GPUs' parts
 * (cuda as for hcc_split_for) and gives the CPU part [*cpu_begin, *cpu_end)
 * of [0, n), which the caller runs (its team's worksharing loop, whose
 * site "<file>:<line>" is cpu_loop: the CPU side's model is that loop's,
 * kernel "loop:<cpu_loop>"; NULL: "split:<name>" on cpu); end waits for
 * the GPUs' parts and keeps both sides' times. Returns 0, or -1 with a
 * message on stderr. */
int hcc_split_begin(const char *name, const char *cpu_loop, long n, const hcc_split_section *sections,
                    int nsections, hcc_split_fn cuda, void *arg, long *cpu_begin, long *cpu_end);
int hcc_split_end(const char *name);

/* How the latest run of a split loop went (zeros before its first): each
 * side's iterations and its time, from the loop's start to its last part's
 * end (a GPU part's once its outputs are back in main memory). */
typedef struct hcc_split_stats {
  long gpu_iterations, cpu_iterations;
  double gpu_seconds, cpu_seconds;
  int runs;
} hcc_split_stats;
hcc_split_stats hcc_split_last(const char *name);

/* ---- OpenMP tasks ----------------------------------------------------------- */

/* A function the compiler saw defined, as a simulation needs to know it:
 * whether it creates or waits for tasks within its translation unit, and the
 * functions of other translation units it may call. The compiler emits one
 * per function of external linkage that matters (__hcc_fm_<symbol>) and
 * refers to those of other files weakly: an entry is NULL where the callee
 * was not compiled by hccsim. */
typedef struct hcc_omp_function_mark {
  unsigned flags; /* HCC_CODELET_CONTROL, HCC_CODELET_STEERS */
  int ncallees;
  const struct hcc_omp_function_mark *const *callees;
} hcc_omp_function_mark;

/* What the compiler knows of one `#pragma omp task` construct. */
typedef struct hcc_omp_task_info {
  const char *name;  /* kernel name: keys models, records, traces */
  const char *file;  /* where the construct is */
  int line;
  unsigned flags;    /* HCC_CODELET_CONTROL, HCC_CODELET_STEERS */
  int nparams;       /* #pragma hcc params(...) */
  const char *const *param_names;
  /* Functions of other translation units the body may call: the task is
   * control code (or steering) too when one of them is. */
  int ncallees;
  const hcc_omp_function_mark *const *callees;
  /* #pragma hcc task impl(cuda: fn): a kernel calling fn with the depend
   * items' buffers and hcc_omp_task_values::cuda_args, or NULL. */
  hcc_kernel_fn cuda;
} hcc_omp_task_info;

/* What the compiler evaluated for one task, when it is created. */
typedef struct hcc_omp_task_values {
  const double *params;  /* #pragma hcc params values, or NULL when not captured */
  int priority;          /* #pragma hcc task priority, when has_priority */
  int has_priority;
  size_t mem_alloc;      /* #pragma hcc task alloc(bytes) free(bytes) */
  size_t mem_free;
  const void *cuda_args; /* the argument block of info->cuda (copied) */
  size_t cuda_args_size;
} hcc_omp_task_values;

/* Describes the next task the calling thread creates (the compiler inserts
 * the call before the construct). Provided by libhccomp. */
void hcc_omp_next_task(const hcc_omp_task_info *info, const hcc_omp_task_values *values);

/* ---- The program's own code (rewritten from #pragma hcc sample, delay,
 * shared and keep; rt/program/) --------------------------------------------- */

/* A sampled CPU burst (#pragma hcc sample): one per directive, static, in
 * section hcc_sample_sites (HCC_SAMPLE_SITE), which tells the runtime that
 * the program samples. */
typedef struct hcc_sample_site {
  const char *name; /* "file.c:line" */
  void *state;      /* the runtime's, created on first use */
} hcc_sample_site;
#define HCC_SAMPLE_SITE __attribute__((section("hcc_sample_sites"), used))

enum hcc_sample_kind { HCC_SAMPLE_LOCAL = 0, HCC_SAMPLE_GLOBAL = 1, HCC_SAMPLE_AUTO = 2 };

/* Whether to run the burst now (else it is skipped and its estimated
 * duration charged): count is n (local, global) or auto's largest number of
 * runs (0: no limit), tol auto's relative standard error. */
int hcc_sample_enter(hcc_sample_site *site, int kind, double count, double tol);
/* After a run: its CPU time is measured. */
void hcc_sample_leave(hcc_sample_site *site);
/* After the statement (a sampled loop: after the loop): charges what is due. */
void hcc_sample_close(hcc_sample_site *site);
/* #pragma hcc delay: charges seconds, or flops at the host's speed. */
void hcc_delay(int flops, double amount);

/* Before each #pragma omp atomic of a simulated build: the atomic updates
 * the cache line of address, which a simulation charges the platform's
 * hcc.line_transfer when another core updated it since this one last did
 * (rt/program/shared_lines.cpp). */
void hcc_shared_line(const volatile void *address);
/* The same before an atomic that reads its variable into the program
 * (capture, read; where: "file:line"): an entry into the runtime, so that
 * a simulation runs the other threads up to this one's time before it
 * reads (a counter handing out work items gives them out in the order of
 * simulated time, not all to the thread that happens to run). */
void hcc_shared_line_read(const volatile void *address, const char *where);
/* The same before an atomic that only reads its variable (read, a load, a
 * loop condition's volatile flag): its line moves only when another core
 * updated it since, and the other cores keep their copies. */
void hcc_shared_line_load(const volatile void *address, const char *where);
/* The same before a read that a loop waits on (a loop condition's volatile
 * flag, an atomic read whose value the loop's condition tests): a
 * simulation has the thread find the value no earlier in simulated time
 * than the thread that wrote it wrote it. */
void hcc_shared_line_poll(const volatile void *address, const char *where);

/* #pragma hcc model before a worksharing loop: a simulation charges the
 * chunks of loop "loop:<file>:<line>" from its model (hcc-calibrate) and
 * runs none of them, as HCC_SIM_LOOPS=model does for every loop. */
void hcc_loop_modelled(const char *loop);
/* Before main, for a worksharing loop whose stores a loop's condition reads
 * (the compiler sees them): HCC_SIM_LOOPS=model runs its chunks, which
 * decide how many times the program goes round; #pragma hcc model still
 * charges its model. */
void hcc_loop_steers(const char *loop);
/* Before a worksharing loop: the iterations of the loops inside one of its
 * iterations (their bounds unchanged by the loop), which make its chunks'
 * parameter `work` (rt/omp/loop_kernels.hpp). Provided by libhccomp. */
void hcc_loop_work(double per_iteration);

/* A loop nest of the program's own code (not a worksharing loop), which
 * instrumented runs record as kernel "loop:<file>:<line>" and simulations
 * with HCC_SIM_LOOPS=model (or after #pragma hcc model: modelled = 1) charge
 * from its model instead of running it (rt/program/loop_nests.cpp). */
typedef struct hcc_loop_site {
  const char *name; /* "loop:file.c:line" */
  int modelled;     /* #pragma hcc model */
  int skipped;      /* set by the runtime: this nest needs no call (its runs are neither recorded, modelled nor scaled) */
} hcc_loop_site;
/* Whether to run the nest now (else its model was charged): iterations of
 * its loop, work = the iterations of all its loops (0: not counted). */
int hcc_loop_enter(hcc_loop_site *site, double iterations, double work);
/* After the nest ran. */
void hcc_loop_leave(hcc_loop_site *site);
/* Nonzero while the calling thread need not tell the runtime of the nests it
 * runs (rt/program/loop_nests.cpp): the run neither records nor models them
 * (a simulation that times them as its bursts), or the thread runs a
 * worksharing loop's chunk, whose part they are; or, a site at a time, a
 * simulation that scales other nests' contention. A nest then costs a test,
 * not a call: a k-means calling a 30 ns nest per point ran 25 % long in
 * simulation and 1.3 times its native time instrumented with the calls.
 * Starts at 0: the first nest asks. */
extern __thread int hcc_loop_nests_skip;
/* The iterations of `for (v = first; v OP bound; v += step)`, OP one of <,
 * <= (inclusive = 1) for step > 0 and >, >= for step < 0. */
static __inline__ double hcc_loop_trip(double first, double bound, double step, int inclusive) {
  const double span = (bound - first) / step;
  if (span < 0 || (span == 0 && !inclusive)) return 0;
  const double whole = (double)(long long)span;
  return whole + (whole < span ? 1 : inclusive ? 1 : 0);
}

/* Instrumented and simulated builds call the runtime around sampled bursts;
 * native builds run them untouched (the arguments stay used, unevaluated). */
#if defined(HCC_CAPTURE_PARAMS)
#define HCC_SAMPLE_ENTER(site, kind, count, tol) hcc_sample_enter(site, kind, count, tol)
#define HCC_SAMPLE_LEAVE(site) hcc_sample_leave(site)
#define HCC_SAMPLE_CLOSE(site) hcc_sample_close(site)
#define HCC_LOOP_WORK(per_iteration) hcc_loop_work((double)(per_iteration))
#define HCC_LOOP_SKIPPED(site) ((hcc_loop_nests_skip | (site)->skipped) && !(site)->modelled)
#define HCC_LOOP_ENTER(site, iterations, work) \
  (HCC_LOOP_SKIPPED(site) || hcc_loop_enter(site, (double)(iterations), (double)(work)))
#define HCC_LOOP_LEAVE(site) (HCC_LOOP_SKIPPED(site) ? (void)0 : hcc_loop_leave(site))
#else
#define HCC_SAMPLE_ENTER(site, kind, count, tol) ((void)(site), (void)sizeof(count), (void)sizeof(tol), 1)
#define HCC_SAMPLE_LEAVE(site) ((void)0)
#define HCC_SAMPLE_CLOSE(site) ((void)0)
#define HCC_LOOP_WORK(per_iteration) ((void)sizeof(per_iteration))
#define HCC_LOOP_ENTER(site, iterations, work) ((void)(site), (void)sizeof(iterations), (void)sizeof(work), 1)
#define HCC_LOOP_LEAVE(site) ((void)0)
#endif
/* Whether to run a statement under #pragma hcc delay: never in simulation. */
#if defined(__HCCSIM_SIMULATE__)
#define HCC_DELAY(flops, amount) (hcc_delay(flops, (double)(amount)), 0)
#else
#define HCC_DELAY(flops, amount) ((void)sizeof(amount), 1)
#endif

/* #pragma hcc shared / keep: how the allocations of the next statement are
 * made in simulation (folded or not whatever their size), until reset. */
enum hcc_allocations {
  HCC_ALLOCATIONS_BY_SIZE = 0, /* folded from HCC_FOLD_THRESHOLD bytes */
  HCC_ALLOCATIONS_FOLDED = 1,  /* each rank its own folded range */
  HCC_ALLOCATIONS_KEPT = 2
};
void hcc_program_allocations(int mode);
/* #pragma hcc shared(all): the next statement's allocations are folded, and
 * the k-th that each rank of a simulation makes at this site ("file:line")
 * is one range for all of them (SMPI's shared malloc), until
 * hcc_program_allocations(HCC_ALLOCATIONS_BY_SIZE). */
void hcc_program_fold_all(const char *site);
/* #pragma hcc shared before an array with static storage: its whole pages
 * are folded in simulation (nothing natively). */
void hcc_program_fold_static(void *array, size_t bytes);

/* ---- Privatised variables (MPI programs in simulation) --------------------
 * In a simulation every rank of an MPI program is an actor of one process,
 * so the compiler gives each rank its own copy of the program's global and
 * static variables (rewriter/lib/Privatize.cpp). A rank's copies form an
 * image of the executable's writable data: each copy lies where its
 * original lies plus hcc_private_shift, which the runtime sets whenever one
 * of the rank's actors resumes the program's code (0 natively and outside
 * the ranks: the originals). A use costs one load and one addition, which
 * the compiler hoists out of loops: the shift is a pointer, so that the
 * program's integer and floating-point stores cannot alias it. A copy is
 * reached by pointer arithmetic from its original, not through integers:
 * the compiler then knows that two variables' copies do not overlap, as it
 * knows of the originals, and vectorises a loop over several privatised
 * arrays as it does over the originals (through integers, a hot loop over
 * three such arrays ran 13 % slower: bench/privatize_overhead.py). That
 * arithmetic leaves the original, which C leaves undefined; LLVM draws
 * conclusions from it for constant globals only, and those are not
 * privatised. The shift is added as a signed offset: the images may lie
 * below the originals, and an unsigned one would wrap (which
 * -fsanitize=pointer-overflow reports, and which a no-unsigned-wrap
 * address computation would make poison).
 * Each variable is described by an hcc_private_var: a translation unit
 * registers those of its file-scope variables at start-up in declaration
 * order, a function-local static's lies in section hcc_private_locals. A
 * rank makes its copies when it starts: the original's bytes, then init
 * constructs those with a C++ dynamic initialiser. A shared library
 * compiled with hccsim has its variables copied too, at the same shift. */
typedef struct hcc_private_var {
  void *original;               /* the variable as declared */
  size_t size;
  void (*init)(void *copy);     /* NULL: a copy of the original's bytes */
  void (*destroy)(void *copy);  /* when the rank ends; NULL: nothing to do */
  const char *name;             /* "file:line: name", for messages */
} hcc_private_var;
void hcc_private_register(hcc_private_var *const *vars, int count);
/* Registers the destruction of var's original at the process's exit (with
 * __cxa_atexit, for the module of dso_handle), as the compiler does for a
 * definition, unless the process simulates MPI ranks: each rank destroys
 * its copy then, and the original is no rank's. A simulated build of a file
 * without MPI_Init calls it after each class object it defines and marks
 * no_destroy (its original serves a program without ranks). Returns
 * __cxa_atexit's result, 0 where nothing was registered. */
int hcc_private_destroy_original_at_exit(hcc_private_var *var, void *dso_handle);
/* A function-local static that the privatisation constructs on its first
 * pass (rewriter/lib/PrivateLocalStatics.cpp, a class object or a dynamic
 * initialiser), as the C++ runtime's guard: the caller found the running
 * rank's copy not constructed (*state, its copy's constructed_at, is not
 * the rank's shift). Returns 1 when the caller is to construct it, having
 * marked it under construction; 0 when another of the rank's threads did
 * meanwhile: the caller waited for it (in a simulation the constructor may
 * enter the runtime, and another simulated thread then run). The caller
 * then says how the construction ended: */
int hcc_private_local_acquire(__INTPTR_TYPE__ *state);
/* Constructed at object (the copy): destroy(object) runs when the rank
 * ends, before the destructions of what was constructed earlier, as the
 * C++ runtime destroys such statics at exit. Outside a simulated rank (the
 * original) it is registered with __cxa_atexit for the module of
 * dso_handle, as the compiler would, unless the process simulates MPI
 * ranks: the original is no rank's. */
int hcc_private_local_constructed(void (*destroy)(void *), void *object, void *dso_handle, __INTPTR_TYPE__ *state);
/* Its constructor threw: the next pass constructs it. */
void hcc_private_local_abandoned(__INTPTR_TYPE__ *state);
/* What the linker collected in the module (executable or shared library)
 * that the calling file is linked into: its function-local statics'
 * descriptors, and the warnings of its files that left variables shared
 * (section hcc_unprivatised). Each file that has either registers its
 * module's, through these symbols, which each module resolves to its own. */
void hcc_private_register_module(hcc_private_var *locals_begin, hcc_private_var *locals_end,
                                 const char *const *warnings_begin, const char *const *warnings_end);
extern hcc_private_var __start_hcc_private_locals[] __attribute__((weak, visibility("hidden")));
extern hcc_private_var __stop_hcc_private_locals[] __attribute__((weak, visibility("hidden")));
extern const char *const __start_hcc_unprivatised[] __attribute__((weak, visibility("hidden")));
extern const char *const __stop_hcc_unprivatised[] __attribute__((weak, visibility("hidden")));
extern char *hcc_private_shift;
#define HCC_PRIVATE(...)                                                                         \
  (*(__typeof__(__VA_ARGS__) *)((char *)__builtin_addressof(__VA_ARGS__) + (__INTPTR_TYPE__)hcc_private_shift))

/* ---- Runtime ------------------------------------------------------------- */

typedef enum hcc_mode {
  HCC_MODE_NATIVE = 0,
  HCC_MODE_INSTRUMENT = 1,
  HCC_MODE_SIMULATE = 2,
} hcc_mode;

/* Starts the runtime. Configuration comes from HCC_* environment variables
 * (docs/configuration.md). Returns 0, or -1 after printing why. */
int hcc_init(void);
/* Waits for all tasks, writes records, traces and models, prints the summary
 * line and stops the workers. */
void hcc_shutdown(void);

hcc_mode hcc_get_mode(void);
int hcc_is_simulated(void);
int hcc_worker_count(void);
/* Seconds on the runtime's clock (simulated in simulation): since the program
   started (a native MPI rank: since its runtime did, docs/configuration.md). */
double hcc_time(void);

#ifdef __cplusplus
}
#endif

#endif /* HCC_HCC_H */
