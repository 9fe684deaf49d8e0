#include <stdexcept>

#include "schedulers.hpp"

namespace hcc::rt {

std::unique_ptr<Scheduler> make_scheduler(const std::string& name, SchedulerContext& ctx) {
  if (name == "eager") return make_eager_scheduler(ctx);
  if (name == "prio") return make_prio_scheduler(ctx);
  if (name == "lws") return make_lws_scheduler(ctx);
  if (name == "dmda") return make_dmda_scheduler(ctx);
  if (name == "dmdas") return make_dmdas_scheduler(ctx);
  throw std::runtime_error("HCC_SCHED=" + name + ": unknown scheduler (eager, lws, prio, dmda, dmdas)");
}

}  // namespace hcc::rt
