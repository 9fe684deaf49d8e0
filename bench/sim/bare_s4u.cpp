// bare_s4u: the lower bound for sim_speed.py. A plain SimGrid s4u program
// that performs the same number of timed events as a simulated task graph of
// T tasks, with nothing of a task runtime in between (no dependences, no
// scheduler, no data, no models, no records).
//
//   bare_s4u <platform.xml> <T> [window]      (window: default 10000)
//
// Exactly what it does:
//   - loads the platform file and takes its first host (laptop.xml: host
//     "CPU", 2 cores); all actors run on it;
//   - a main actor and 2 worker actors share a FIFO of task durations and two
//     s4u Semaphores: `ready` (0 at start: tasks in the FIFO) and `slots`
//     (`window` at start: how many tasks may be handed out and not finished,
//     like HCC_MAX_SUBMITTED, so the FIFO never holds more than `window`);
//   - the main actor, for i = 0 .. T-1: slots->acquire(); pushes duration
//     d_i = (1 + (i * 2654435761 mod 1000)) microseconds (1 us to 1 ms,
//     deterministic) onto the FIFO; ready->release(). That is one handoff per
//     task. Then it pushes one stop mark per worker (with ready->release())
//     and joins the workers;
//   - each worker loops: ready->acquire(); pops the front of the FIFO; stops
//     at a stop mark; otherwise this_actor::sleep_for(d_i) (the task's timed
//     event) and slots->release().
// So the simulation holds T sleep_for() activities between 2 workers and at
// least 2T semaphore operations with actor blocking and wake-ups, which is
// what any runtime on SimGrid needs at minimum to run T tasks on 2 workers
// fed by an application actor. Actors are cooperative, so the FIFO needs no
// lock.
//
// Prints on stdout:
//   bare_s4u: events=<sleep_for calls> workers=2 window=<w> simulated_end=<s>
// and exits non-zero on bad arguments or if the event count is not T.
#include <simgrid/s4u.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>
#include <vector>

namespace s4u = simgrid::s4u;

namespace {

constexpr int kWorkers = 2;

struct Shared {
  std::deque<double> fifo;  // durations; a negative value is a stop mark
  s4u::SemaphorePtr ready;
  s4u::SemaphorePtr slots;
  long events = 0;  // sleep_for() calls done, all workers together
};

void worker(Shared* s) {
  for (;;) {
    s->ready->acquire();
    const double d = s->fifo.front();
    s->fifo.pop_front();
    if (d < 0) return;
    s4u::this_actor::sleep_for(d);
    ++s->events;
    s->slots->release();
  }
}

void master(Shared* s, long tasks, s4u::Host* host) {
  std::vector<s4u::ActorPtr> workers;
  for (int w = 0; w < kWorkers; ++w)
    workers.push_back(s4u::Actor::create("worker" + std::to_string(w), host, worker, s));
  for (long i = 0; i < tasks; ++i) {
    s->slots->acquire();
    const uint64_t h = static_cast<uint64_t>(i) * 2654435761u % 1000;
    s->fifo.push_back(1e-6 * static_cast<double>(1 + h));
    s->ready->release();
  }
  for (int w = 0; w < kWorkers; ++w) {
    s->fifo.push_back(-1.0);
    s->ready->release();
  }
  for (auto& a : workers) a->join();
}

}  // namespace

int main(int argc, char** argv) {
  s4u::Engine engine(&argc, argv);  // consumes --cfg=... options
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s <platform.xml> <tasks> [window]\n", argv[0]);
    return 2;
  }
  const long tasks = std::atol(argv[2]);
  const long window = argc > 3 ? std::atol(argv[3]) : 10000;
  if (tasks < 0 || window < 1) {
    std::fprintf(stderr, "bare_s4u: need tasks >= 0 and window >= 1\n");
    return 2;
  }
  engine.load_platform(argv[1]);
  std::vector<s4u::Host*> hosts = engine.get_all_hosts();
  if (hosts.empty()) {
    std::fprintf(stderr, "bare_s4u: no host in %s\n", argv[1]);
    return 2;
  }
  s4u::Host* host = hosts.front();

  Shared shared;
  shared.ready = s4u::Semaphore::create(0);
  shared.slots = s4u::Semaphore::create(static_cast<unsigned>(window));
  s4u::Actor::create("main", host, master, &shared, tasks, host);
  engine.run();

  std::printf("bare_s4u: events=%ld workers=%d window=%ld simulated_end=%.9g\n", shared.events, kWorkers,
              window, s4u::Engine::get_clock());
  return shared.events == tasks ? 0 : 1;
}
