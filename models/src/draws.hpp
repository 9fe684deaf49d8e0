// Random draws from a std::mt19937_64's raw output only (no
// std::*_distribution), so a given seed gives the same durations with any
// compiler and standard library (docs/model-files.md).
#pragma once

#include <cstdint>
#include <random>

namespace hcc::models::draws {

__extension__ using u128 = unsigned __int128;

// Uniform integer in [0, n) from the 64-bit value r (Lemire's multiply-shift;
// the bias for n far below 2^64 is negligible).
inline uint64_t below(uint64_t r, uint64_t n) { return static_cast<uint64_t>((static_cast<u128>(r) * n) >> 64); }

inline uint64_t below(std::mt19937_64& rng, uint64_t n) { return below(rng(), n); }

// Uniform double in [0, 1) with 53 random bits.
inline double unit(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

// SplitMix64's output for x: a well-mixed 64-bit value that depends on x
// alone, for choices that must be the same whenever the same data is seen.
inline uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace hcc::models::draws
