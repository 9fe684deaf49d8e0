// A loop that waits for another thread's flag through a volatile object
// (libomp's own worksharing/sections/omp_sections_nowait.c: `while (release
// == 0);`): its condition's reads become atomic reads, entries into the
// runtime in simulation, so that the waiting thread lets the others run.
// Not a local volatile (a delay loop's counter, the thread's own), not a
// read outside a loop's condition, not native builds.
// RUN: %hcc-rewrite --shared-lines %s -- | FileCheck %s
// RUN: %hcc-rewrite %s -- | FileCheck %s --check-prefix=NATIVE
// NATIVE-NOT: {{^[^/].*hcc_shared_line_(read|load)}}

volatile int release;
struct state {
  volatile int ready;
};

int wait_for(struct state *s, volatile int *flags, int i) {
  while (release == 0)
    ;
// CHECK: while ((hcc_shared_line_load(&(release), "shared-volatile-waits.c:[[@LINE-2]]"), release) == 0)
  do {
  } while (!s->ready);
// CHECK: } while (!(hcc_shared_line_load(&(s->ready), "shared-volatile-waits.c:[[@LINE-1]]"), s->ready));
  for (int k = 0; flags[i] != 1; k++) {
  }
// CHECK: for (int k = 0; (hcc_shared_line_load(&(flags[i]), "shared-volatile-waits.c:[[@LINE-2]]"), flags[i]) != 1; k++) {
  for (volatile int delay = 0; delay < 100; delay++) {
  }
// CHECK: for (volatile int delay = 0; delay < 100; delay++) {
  return release;
// CHECK: return release;
}
