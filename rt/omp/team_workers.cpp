// The threads of teams beyond the CPU workers. libomp creates a thread for
// each team member it lacks; hccsim adds a runtime worker for it
// (Runtime::add_team_worker: natively a thread, in simulation an actor on
// the host, sharing its cores), which runs only the implicit tasks pinned to
// it and is kept for later teams. A team larger than the CPU workers takes
// the CPU workers then team workers; a nested active region takes team
// workers only (its encountering thread waits for them). Each team worker
// serves one team at a time: teams reserve them under the control lock.
#include <algorithm>

#include "omp_state.hpp"

namespace hcc::omp {

std::vector<int> reserve_team_workers(State& s, int k) {
  std::vector<int> got;
  if (k <= 0) return got;
  s.rt.lock();
  // One thread adds workers at a time; the others wait for what it added.
  s.rt.wait_locked([&s] { return !s.adding_team_workers; }, false);
  for (size_t i = 0; i < s.team_workers.size() && static_cast<int>(got.size()) < k; ++i)
    if (!s.team_worker_busy[i]) {
      s.team_worker_busy[i] = 1;
      got.push_back(s.team_workers[i]);
    }
  const int missing = k - static_cast<int>(got.size());
  if (missing > 0) s.adding_team_workers = true;
  s.rt.unlock();
  if (missing <= 0) return got;
  // Without the control lock: starting an actor lets the others run.
  std::vector<int> added;
  for (int i = 0; i < missing; ++i) {
    const int w = s.rt.add_team_worker();
    if (w < 0) break;  // OMP_THREAD_LIMIT reached: the team is smaller, as OpenMP allows
    auto thread = std::make_unique<Thread>();
    thread->contexts.push_back(Context{&s.initial, 0});
    s.team_threads.push_back(std::move(thread));  // slot w + 1: reserved, never moves
    added.push_back(w);
  }
  s.rt.lock();
  for (int w : added) {
    s.team_workers.push_back(w);
    s.team_worker_busy.push_back(1);
    got.push_back(w);
  }
  s.adding_team_workers = false;
  s.rt.notify_locked();
  s.rt.unlock();
  return got;
}

void release_team_workers(State& s, const std::vector<int>& workers) {
  if (workers.empty()) return;
  s.rt.lock();
  for (int w : workers) {
    const auto it = std::find(s.team_workers.begin(), s.team_workers.end(), w);
    if (it != s.team_workers.end()) s.team_worker_busy[it - s.team_workers.begin()] = 0;
  }
  s.rt.unlock();
}

}  // namespace hcc::omp
