#include "line_history.hpp"

#include <algorithm>

namespace hcc::rt {

namespace {
// Orders a time before the runs that start after it.
bool starts_after(double t, const auto& run) { return t < run.first; }
}  // namespace

LineHistory::Uses& LineHistory::uses_of(int core) {
  for (Uses& u : uses_)
    if (u.core == core) return u;
  return uses_.emplace_back(Uses{core, {}});
}

bool LineHistory::read(int core, double now, double move_cost) {
  Uses& mine = uses_of(core);
  const double since = std::max(mine.read_at, mine.runs.empty() ? -1 : mine.runs.back().last);
  double found = 0;
  for (const Uses& u : uses_)
    if (&u != &mine) found = std::max(found, updates_between(u.runs, since, now));
  mine.read_seen += found;
  const bool moved = mine.read_seen >= 1 - 1e-9;
  if (moved) mine.read_seen = 0;
  mine.read_at = now + (moved ? move_cost : 0);
  return moved;
}

bool LineHistory::update(int core, double now, double move_cost) {
  Uses* mine = &uses_of(core);
  keep_program_order(mine->runs, now);
  if (now < mine->held_until) {
    add(mine->runs, now);
    latest_core_ = core;
    latest_at_ = now;
    return false;
  }
  const double since = mine->runs.empty() ? -1 : mine->runs.back().last;
  double found = 0;
  for (const Uses& u : uses_)
    if (&u != mine) found = std::max(found, updates_between(u.runs, since, now));
  mine->seen += found;
  const bool moved = mine->seen >= 1 - 1e-9;  // times' rounding: twenty twentieths are one
  if (moved) {
    mine->seen = 0;
    mine->held_until = now + 2 * move_cost;
    for (Uses& u : uses_)
      if (&u != mine) u.held_until = -1;  // taken from them
  }
  add(mine->runs, now + (moved ? move_cost : 0));
  latest_core_ = core;
  latest_at_ = now + (moved ? move_cost : 0);
  return moved;
}

double LineHistory::wait_for_latest(int core, double now, double move_cost) {
  if (latest_core_ < 0 || latest_core_ == core || latest_at_ <= now) return 0;
  Uses& mine = uses_of(core);
  mine.read_seen = 0;
  mine.read_at = latest_at_ + move_cost;
  return mine.read_at - now;
}

double LineHistory::take(int core, double now) {
  Uses& mine = uses_of(core);
  keep_program_order(mine.runs, now);
  // A core's first take waits for none: the others' takes before it (a
  // sequential phase's draws) were over before it tried.
  const double since = mine.runs.empty() ? now : mine.runs.back().last;
  double found = 0;
  for (const Uses& u : uses_)
    if (&u != &mine) found += updates_counted(u.runs, since, now);
  // Kept where it began: the next window starts there, so that the takes
  // it waited for are not found again, and those of the wait's time are.
  add(mine.runs, now);
  return found;
}

// A core's updates come in its program order: one kept later than this
// one was timed too late (its burst's time so far is read on the monotonic
// clock, and a preempted burst is charged its CPU time). Kept there, it hid
// the other core's updates until the simulated clock passed it: a loaded CI
// machine's run charged 4 moves in 500 rounds.
void LineHistory::keep_program_order(std::deque<Run>& runs, double now) {
  while (!runs.empty() && runs.back().first > now) runs.pop_back();
  if (!runs.empty()) runs.back().last = std::min(runs.back().last, now);
}

double LineHistory::updates_counted(const std::deque<Run>& runs, double since, double now) {
  double found = 0;
  for (auto r = std::upper_bound(runs.begin(), runs.end(), now, starts_after<Run>); r != runs.begin();) {
    const Run& u = *--r;
    if (u.last <= since) break;  // and the runs before it (out of order ones aside)
    if (u.first > since) found += 1;  // its first
    const double from = std::max(u.first, since), to = std::min(u.last, now);
    if (u.count > 1 && to > from) found += (to - from) * static_cast<double>(u.count - 1) / (u.last - u.first);
  }
  return found;
}

double LineHistory::updates_between(const std::deque<Run>& runs, double since, double now) {
  auto r = std::upper_bound(runs.begin(), runs.end(), now, starts_after<Run>);
  double found = 0;
  while (r != runs.begin()) {
    const Run& u = *--r;
    if (u.last <= since) break;  // and the runs before it (out of order ones aside)
    if (u.first > since || u.last <= now) return 1;  // an end of the run is in the window
    // The window is inside the run.
    found = std::max(found, std::min(1.0, (now - since) * static_cast<double>(u.count - 1) / (u.last - u.first)));
  }
  return found;
}

void LineHistory::add(std::deque<Run>& runs, double at) {
  if (!runs.empty() && at >= runs.back().last && at - runs.back().last <= kRunGap) {
    runs.back().last = at;
    ++runs.back().count;
    return;
  }
  // Actors placed on one core (those not said run on core 0) may come out
  // of order.
  runs.insert(std::upper_bound(runs.begin(), runs.end(), at, starts_after<Run>), Run{at, at, 1});
  if (runs.size() > kRuns) {
    runs[1] = Run{runs[0].first, std::max(runs[0].last, runs[1].last), runs[0].count + runs[1].count};
    runs.pop_front();
  }
}

}  // namespace hcc::rt
