// master works like single; a main without a final return gets hcc_shutdown()
// before its closing brace.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s

void work(void);

int main(void) {
#pragma omp parallel
  {
#pragma omp master
    {
#pragma omp task
      work();
    }
  }
}

// CHECK:      { /* omp parallel: the hccsim workers are the team */
// CHECK-NEXT:   {
// CHECK-NEXT: /* omp master */
// CHECK:        } hcc_wait_all(); }
// CHECK-NEXT: hcc_shutdown();
// CHECK-NEXT: }
