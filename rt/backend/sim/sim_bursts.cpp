#include "sim_bursts.hpp"

#include <simgrid/s4u.hpp>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "bursts.hpp"
#include "fatal.hpp"

namespace hcc::rt {
namespace {

namespace s4u = simgrid::s4u;

std::unordered_map<long, BurstClock> g_clocks;  // by actor
BurstClock g_outside;  // code outside any actor (start-up, exit): always in the runtime

BurstClock* clock_of_caller() {
  const s4u::Actor* self = s4u::Actor::self();
  if (!self) {
    g_outside.depth = 1;
    return &g_outside;
  }
  return &g_clocks[self->get_pid()];
}

// How fast a host's cores run the program's code relative to the machine
// that runs the simulation: "hcc.speed_factor" (default 1). A burst of
// t seconds measured here costs t / factor there.
double speed_factor(const s4u::Host* host) {
  const char* text = host->get_property("hcc.speed_factor");
  if (!text) return 1;
  char* end = nullptr;
  errno = 0;
  const double f = std::strtod(text, &end);
  if (end == text || *end != '\0' || errno != 0 || !(f > 0) || !std::isfinite(f))
    throw std::runtime_error("platform host '" + host->get_name() + "': hcc.speed_factor=\"" + text +
                             "\": expected a number above 0 (how fast its cores run the program's code "
                             "relative to the machine that simulates)");
  return f;
}

std::unordered_map<const s4u::Host*, double> g_speed;  // flops per measured second, by host

void charge(double seconds) {
  s4u::Host* host = s4u::this_actor::get_host();
  auto it = g_speed.find(host);
  if (it == g_speed.end()) it = g_speed.emplace(host, host->get_speed() / speed_factor(host)).first;
  s4u::this_actor::execute(seconds * it->second);
}

const BurstAccounting kAccounting{clock_of_caller, charge};

}  // namespace

void start_burst_accounting(const Config& config) {
  g_clocks.clear();
  g_speed.clear();
  if (!config.sim_bursts) {
    install_burst_accounting(nullptr);
    return;
  }
  // Every host's factor is checked before the program starts: a typo must
  // not surface at the first burst of some rank, after minutes.
  for (const s4u::Host* h : s4u::Engine::get_instance()->get_all_hosts()) speed_factor(h);
  install_burst_accounting(&kAccounting);
}

}  // namespace hcc::rt
