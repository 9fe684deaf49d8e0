// RUN: %omp-check %s
// The creating thread fulfils a detach event after creating the task and its dependents; the dependent chain runs after fulfilment, and the barrier waits for it.
// Also in a region run by one thread (if(0), or nested in a region), whose tasks run when created until one is detachable.
#include <stdio.h>
#include <omp.h>

static void run(int team) {
  int data = 0, flag = 0, observed = -1, chain = 0;

#pragma omp parallel if (team)
#pragma omp single
  {
    omp_event_handle_t ev;
#pragma omp task detach(ev) depend(out: data) shared(data)
    data = 42;

#pragma omp task depend(in: data) depend(out: chain) shared(data, flag, observed, chain)
    {
      int f;
#pragma omp atomic read
      f = flag;
      observed = f; /* must be 1: fulfilment happened before */
      chain = data + 1;
    }
#pragma omp task depend(inout: chain) shared(chain)
    chain *= 2;

    /* some unrelated work by the creating thread */
    int local = 0;
    for (int i = 0; i < 1000; i++)
      local += i % 3;

#pragma omp atomic write
    flag = 1;
    omp_fulfill_event(ev); /* from the creating thread, after creation */
    printf("local %d\n", local);

    /* a detach task that is fulfilled inside its own body */
    omp_event_handle_t ev2;
    int self = 0;
#pragma omp task detach(ev2) shared(self)
    {
      self = 7;
      omp_fulfill_event(ev2);
    }
#pragma omp taskwait
    printf("self %d\n", self);
  }
  /* the implicit barrier at the end of parallel waited for everything */
  printf("data %d observed %d chain %d\n", data, observed, chain);
}

int main(void) {
  run(1);
  run(0);
  /* a region of one thread nested in a region's implicit task */
#pragma omp parallel num_threads(2)
#pragma omp single
  run(1);
  return 0;
}
