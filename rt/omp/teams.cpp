// Host teams: `teams` without a device (__kmpc_fork_teams,
// __kmpc_push_num_teams). A league of N teams is N teams of one thread, the
// initial thread of each, as libomp runs them: N is at most the CPU
// workers (libomp's teams-max-nth is the processors), and with N > 1 they run
// at once, team t on worker t, as the threads of a region; a region inside
// a team then gets up to the thread limit's threads from the team workers,
// as a nested region (the limit is the processors left over, as libomp's:
// one thread when N is the processors). A league of one runs on the
// encountering thread and its regions get every worker up to the limit.
// `distribute` shares its iterations among the league's teams (loops.cpp).
#include <algorithm>
#include <cstdarg>
#include <vector>

#include "bursts.hpp"
#include "omp_state.hpp"

namespace hcc::omp {

void run_league_team(State& s, int num_teams, int team_num, int thread_limit, kmpc_micro fn,
                     const Captured& args) {
  Thread& me = caller(s);
  const Context& outer = me.contexts.back();
  // The initial thread of its team: at the level of the task that met the
  // construct (regions inside count from it), one thread.
  Team team;
  team.level = outer.team->level;
  team.active_level = outer.team->active_level;
  team.parent = outer.team->parent;
  team.parent_tid = outer.team->parent_tid;
  team.members.resize(1);
  team.num_teams = num_teams;
  team.team_num = team_num;
  team.thread_limit = thread_limit;
  me.contexts.push_back(Context{&team, 0});
  invoke(fn, slot_of_caller(s), 0, args);
  barrier(s, team, true);  // its deferred tasks, if any (Team::defers)
  s.rt.work_run_at_once_ended();
  me.contexts.pop_back();
}

}  // namespace hcc::omp

using namespace hcc::omp;

extern "C" {

void __kmpc_push_num_teams(ident_t*, int32_t, int32_t num_teams, int32_t thread_limit) {
  Thread& me = caller(state());
  me.next_num_teams = num_teams;
  me.next_thread_limit = thread_limit;
}

// num_teams(lower: upper): as many as the upper bound allows.
void __kmpc_push_num_teams_51(ident_t* loc, int32_t gtid, int32_t lower, int32_t upper, int32_t thread_limit) {
  __kmpc_push_num_teams(loc, gtid, upper > 0 ? upper : lower, thread_limit);
}

void __kmpc_fork_teams(ident_t* loc, int32_t argc, kmpc_micro fn, ...) {
  hcc::rt::RuntimeEntry entry(loc ? loc->psource : nullptr);
  va_list ap;
  va_start(ap, fn);
  const Captured args = captured(argc, ap);
  va_end(ap);

  State& s = state();
  Thread& me = caller(s);
  const int procs = std::max<int>(1, static_cast<int>(s.cpu_workers.size()));
  int n = me.next_num_teams > 0 ? me.next_num_teams : s.num_teams > 0 ? s.num_teams : 1;
  int limit = me.next_thread_limit > 0 ? me.next_thread_limit : s.teams_thread_limit;
  me.next_num_teams = me.next_thread_limit = 0;
  const int first = first_team_worker(s);
  n = std::clamp(n, 1, std::max(1, procs - first));
  if (limit <= 0) limit = std::max(1, procs / n);
  if (n == 1 || s.region_active || s.rt.in_task()) {
    for (int t = 0; t < n; ++t) run_league_team(s, n, t, limit, fn, args);
    return;
  }
  Team league;
  league.resize(n);
  league.serialized = false;
  league.league = true;
  league.num_teams = n;
  league.thread_limit = limit;
  league.workers.assign(s.cpu_workers.begin() + first, s.cpu_workers.begin() + first + n);
  s.region_active = true;
  run_team(s, league, fn, args);
  s.region_active = false;
}

}  // extern "C"
