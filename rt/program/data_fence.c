/* Linked between the program's objects and the runtime's (drivers/hccsim,
 * whole): the runtime's data then starts on a cache line of its own, after
 * the program's.
 *
 * A link puts the runtime's globals in the executable's data right after
 * the program's own. A program variable that threads write then shared a
 * cache line with runtime variables that every task reads, and each of the
 * other threads' tasks missed it: examples/fib's task counter, which both
 * threads increment at every task, lay beside the OpenMP state pointer, and
 * fib at cut-off 0 took 0.145 s on 2 threads against 0.069 s on one, a
 * quarter of both threads' time spent reading that pointer (perf). */
__attribute__((aligned(64), used)) char hcc_data_fence[64] = {1};  /* .data */
__attribute__((aligned(64), used)) char hcc_bss_fence[64];         /* .bss */
