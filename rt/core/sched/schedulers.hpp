// One factory per scheduler; scheduler.cpp maps HCC_SCHED names to them.
#pragma once

#include "../scheduler.hpp"

namespace hcc::rt {
std::unique_ptr<Scheduler> make_eager_scheduler(SchedulerContext& ctx);
std::unique_ptr<Scheduler> make_prio_scheduler(SchedulerContext& ctx);
std::unique_ptr<Scheduler> make_lws_scheduler(SchedulerContext& ctx);
std::unique_ptr<Scheduler> make_dmda_scheduler(SchedulerContext& ctx);
std::unique_ptr<Scheduler> make_dmdas_scheduler(SchedulerContext& ctx);
}  // namespace hcc::rt
