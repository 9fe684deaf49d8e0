// Random draws from a std::mt19937_64's raw output only (no
// std::*_distribution), so a given seed gives the same durations with any
// compiler and standard library (docs/model-files.md).
#pragma once

#include <cstdint>
#include <random>

namespace hcc::models::draws {

__extension__ using u128 = unsigned __int128;

// Uniform integer in [0, n) from one rng() draw (Lemire's multiply-shift;
// the bias for n far below 2^64 is negligible).
inline uint64_t below(std::mt19937_64& rng, uint64_t n) {
  return static_cast<uint64_t>((static_cast<u128>(rng()) * n) >> 64);
}

// Uniform double in [0, 1) with 53 random bits.
inline double unit(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

}  // namespace hcc::models::draws
