// Depend items become (address, size) pairs registered with the runtime.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s

struct cell { double f; int g; };
void use(void);

void items(double x, double *a, double *p, struct cell *s, double m[4][16], int i, int lo, int len) {
#pragma omp task depend(inout: x, a[i], *p, s->f, a[lo:len], m[i][lo:len], m[i][:])
  use();
}

// CHECK: __hcc_acc[0].handle = __hcc_dep((void *)&x, sizeof x);
// CHECK: __hcc_acc[1].handle = __hcc_dep((void *)&a[i], sizeof a[i]);
// CHECK: __hcc_acc[2].handle = __hcc_dep((void *)p, sizeof *p);
// CHECK: __hcc_acc[3].handle = __hcc_dep((void *)&s->f, sizeof s->f);
// CHECK: __hcc_acc[4].handle = __hcc_dep((void *)&a[lo], (len) * sizeof a[lo]);
// CHECK: __hcc_acc[5].handle = __hcc_dep((void *)&m[i][lo], (len) * sizeof m[i][lo]);
// CHECK: __hcc_acc[6].handle = __hcc_dep((void *)&m[i][0], (16 - (0)) * sizeof m[i][0]);
