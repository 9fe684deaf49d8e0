// hccmodels: SMPI's network model from a ping-pong (seed paper 002, §4.1 and
// §6): a piece-wise linear fit of one-way message times, written as the
// latency and bandwidth of a link and SMPI's per-size correction factors
// (smpi/lat-factor, smpi/bw-factor) in a SimGrid cluster platform
// (hcc-calibrate --network; docs/calibration.md).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "hccmodels/transfer_models.hpp"

namespace hcc::models {

// The piece-wise linear fit of one-way times, as SMPI reads it: a link of
// `latency` seconds and `bandwidth` bytes/s, and for the messages of at
// least from_bytes of each segment, the factors SMPI multiplies them by:
// time(s) = latency * lat_factor + s / (bandwidth * bw_factor).
struct NetworkModel {
  PiecewiseLinear fit;
  double latency = 0, bandwidth = 0;
  struct Factors {
    double from_bytes = 0, lat_factor = 1, bw_factor = 1;
  };
  std::vector<Factors> factors;  // by increasing from_bytes
  // Below this size OpenMPI sends eagerly (the breakpoint where the time
  // jumps most: the eager/rendezvous switch seed 002 finds at a
  // breakpoint): SMPI's smpi/async-small-thresh and
  // smpi/send-is-detached-thresh; 0 when no time jumps.
  double eager_bytes = 0;
  double mean_log_error = 0;  // of the model over the measurements (ln units)
};

// "bytes,seconds" lines (a header line allowed), one-way times, as
// hcc-pingpong prints them. Throws std::runtime_error naming the line.
std::vector<std::pair<double, double>> read_pingpong_csv(const std::string& text);

// Fits min_segments to max_segments segments (least relative errors) and
// keeps the fewest within half a percent of the best. Throws
// std::invalid_argument on too few sizes or non-positive times.
NetworkModel fit_network(const std::vector<std::pair<double, double>>& bytes_seconds, int min_segments = 3,
                         int max_segments = 8);

// Predicted one-way time of the model for `bytes`.
double network_time(const NetworkModel& model, double bytes);

// seed 002's logarithmic error |ln x - ln r|, averaged over points; as a
// percentage: exp(mean) - 1.
double mean_log_error(const std::vector<std::pair<double, double>>& reference,
                      const std::vector<std::pair<double, double>>& measured);

// A SimGrid platform of `hosts` hosts of `cores` cores (`speed` flop/s,
// `memory` bytes each; 0: unlimited) whose every pair is joined by the
// model's link, with SMPI's settings of the model.
std::string network_platform_xml(const NetworkModel& model, const std::string& name, int hosts, unsigned cores,
                                 double speed, uint64_t memory);

}  // namespace hcc::models
