// Task reductions (taskgroup task_reduction, in_reduction, taskloop
// reduction): one private copy per thread that contributes, combined into
// the shared variable when the taskgroup ends.
#pragma once

#include <atomic>
#include <cstddef>
#include <vector>

namespace hcc::omp {

struct TaskReduction {
  struct Item {
    void* shared;
    void* orig;
    size_t size;
    void (*init)(void* priv, void* orig);
    void (*fini)(void* priv);
    void (*comb)(void* shared, void* priv);
    // Per thread slot, created on first use by that slot's thread; read by
    // the others to recognise a copy's address (get_th_data).
    std::vector<std::atomic<void*>> copies;
    // reduction(task, ...): the private variable of each thread of the team,
    // by thread number (the shared variable of the tasks it creates);
    // each written as its thread joins.
    std::vector<std::atomic<void*>> team_privates;
  };
  std::vector<Item> items;
  int finished = 0;  // reduction(task, ...): threads of the team past its end
};

// Combines every private copy into its shared variable and frees them.
void complete_reduction(TaskReduction* r);

}  // namespace hcc::omp
