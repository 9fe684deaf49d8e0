// One datum of the stress tests (stress_test.cpp, sibling_stress_test.cpp):
// counters of the tasks running on it, by kind, so that each task checks,
// while it runs, that no task its access mode excludes runs too.
#pragma once

#include <atomic>

#include "hcc/hcc.h"

namespace hcc::test {

struct ExclusiveCell {
  std::atomic<int> writers{0}, readers{0}, set_members{0}, commuters{0};
  std::atomic<long> updates{0};  // incremented by every task that writes
  long commuted = 0;             // plain: mutexinoutset tasks must not overlap (ThreadSanitizer)

  // Runs work as a task accessing the cell in mode; returns whether it met
  // no task that mode excludes.
  template <typename Work>
  bool run(int mode, Work&& work) {
    bool ok = true;
    switch (mode) {
      case HCC_RW:
        ok = writers.fetch_add(1) == 0 && readers == 0 && set_members == 0 && commuters == 0;
        work();
        updates++;
        writers--;
        break;
      case HCC_R:
        readers++;
        ok = writers == 0 && set_members == 0 && commuters == 0;
        work();
        readers--;
        break;
      case HCC_INOUTSET:
        set_members++;
        ok = writers == 0 && readers == 0 && commuters == 0;
        work();
        updates++;
        set_members--;
        break;
      case HCC_COMMUTE:
        ok = commuters.fetch_add(1) == 0 && writers == 0 && readers == 0 && set_members == 0;
        commuted++;
        work();
        updates++;
        commuters--;
        break;
    }
    return ok;
  }

  bool idle() const { return writers == 0 && readers == 0 && set_members == 0 && commuters == 0; }
};

// Some work, so that tasks overlap.
inline void spin() {
  for (int i = 0; i < 200; ++i) asm volatile("");
}

}  // namespace hcc::test
