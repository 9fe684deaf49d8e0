// #pragma hcc task alloc(bytes) free(bytes): the memory a task's body keeps
// allocated and the memory it frees, evaluated where the task is created
// (counted by the runtime at the task's start and end, in every mode).
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s
// RUN: not %hcc-rewrite %s -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
struct front { double *data; long rows, cols; };
void activate(struct front *f);
void assemble(struct front *parent, struct front *child);

void tree(struct front *parent, struct front *child) {
#pragma omp task depend(out: child->data)
#pragma hcc task name("activate") alloc(child->rows * child->cols * 8)
  activate(child);
#pragma omp task depend(in: child->data) depend(inout: parent->data)
#pragma hcc task free(child->rows * child->cols * 8)
  assemble(parent, child);
#ifdef BAD
#pragma omp task
#pragma hcc task alloc(child)
  activate(child);
#endif
}


// CHECK:      static const hcc_omp_task_info __hcc_ti0 = {"activate", "hcc-task-memory.c", 11, 0, 0, 0, 1, __hcc_tc0, 0};
// CHECK-NEXT: #line 12
// CHECK-NEXT: const hcc_omp_task_values __hcc_tv0 = {0, 0, 0, (size_t)(child->rows * child->cols * 8), 0, 0, 0};
// CHECK:      const hcc_omp_task_values __hcc_tv1 = {0, 0, 0, 0, (size_t)(child->rows * child->cols * 8), 0, 0};

// BAD: hcc-task-memory.c:19:24: error: hccsim: the expression for 'alloc' must be arithmetic (integer or floating point), not 'struct front *'
