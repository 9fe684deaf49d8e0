// A loop's contention from the typical chunks at each footprint
// (loop_contention.hpp).
#include "loop_contention.hpp"

#include <algorithm>

namespace hcc::rt {

void LoopContention::count(const Footprint& f, int sign) {
  const uint64_t n = f.ended + (f.held ? 1 : 0);
  if (n == 0) return;
  modelled_ += sign * f.modelled;
  measured_ += sign * (f.sum + (f.held ? f.running : 0)) / static_cast<double>(n);
}

double LoopContention::scaled(const MeasuredChunk& chunk, ChunkState& state, double seconds) {
  seconds = std::max(0.0, seconds);
  state.seconds += seconds;
  if (chunk.typical < 0) return seconds * factor();
  Footprint& f = by_footprint_.try_emplace(chunk.footprint).first->second;
  f.modelled = chunk.typical;
  if (!state.outlier && state.seconds > kOutlier * chunk.typical / factor()) {
    state.outlier = true;
    if (state.holds) {
      count(f, -1);
      f.held = state.holds = false;
      count(f, +1);
    }
  }
  if (state.outlier) return seconds;
  if (state.holds || (f.ended == 0 && !f.held)) {
    count(f, -1);
    f.running = state.seconds;
    f.held = state.holds = true;
    count(f, +1);
  }
  return seconds * factor();
}

void LoopContention::chunk_ended(const MeasuredChunk& chunk, const ChunkState& state) {
  auto it = by_footprint_.find(chunk.footprint);
  if (it == by_footprint_.end()) return;
  Footprint& f = it->second;
  count(f, -1);
  if (state.holds) f.held = false;
  if (!state.outlier && state.seconds > 0) {
    f.sum += state.seconds;
    ++f.ended;
  }
  count(f, +1);
}

double LoopContention::modelled_at(uint64_t footprint) const {
  auto it = by_footprint_.find(footprint);
  return it != by_footprint_.end() ? it->second.modelled : -1;
}

}  // namespace hcc::rt
