// A loop that waits for another thread's flag through a volatile object
// (libomp's own worksharing/sections/omp_sections_nowait.c: `while (release
// == 0);`): its condition's reads become atomic reads, entries into the
// runtime in simulation, so that the waiting thread lets the others run,
// and polls (hcc_shared_line_poll: it finds the value no earlier than it
// was written); the stores to the objects polled update their lines (not
// to another volatile: a benchmark's sink). Not a local
// volatile (a delay loop's counter, the thread's own), not a read outside a
// loop's condition, not native builds.
// RUN: %hcc-rewrite --shared-lines %s -- | FileCheck %s
// RUN: %hcc-rewrite %s -- | FileCheck %s --check-prefix=NATIVE
// NATIVE-NOT: {{^[^/].*hcc_shared_line}}

volatile int release;
volatile double sink;
struct state {
  volatile int ready;
};

int wait_for(struct state *s, volatile int *flags, int i) {
  while (release == 0)
    ;
// CHECK: while ((hcc_shared_line_poll(&(release), "shared-volatile-waits.c:[[@LINE-2]]"), release) == 0)
  do {
  } while (!s->ready);
// CHECK: } while (!(hcc_shared_line_poll(&(s->ready), "shared-volatile-waits.c:[[@LINE-1]]"), s->ready));
  for (int k = 0; flags[i] != 1; k++) {
  }
// CHECK: for (int k = 0; (hcc_shared_line_poll(&(flags[i]), "shared-volatile-waits.c:[[@LINE-2]]"), flags[i]) != 1; k++) {
  for (volatile int delay = 0; delay < 100; delay++) {
  }
// CHECK: for (volatile int delay = 0; delay < 100; delay++) {
  return release;
// CHECK: return release;
}

void release_all(struct state *s) {
  release = 1;
// CHECK: (hcc_shared_line(&(release)), release = 1);
  s->ready += 1;
// CHECK: (hcc_shared_line(&(s->ready)), s->ready += 1);
  volatile int mine = 0;
  mine = 2;
// CHECK: {{^  }}mine = 2;
  sink = 1.0;
// CHECK: {{^  }}sink = 1.0;
}
