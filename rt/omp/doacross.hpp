// The shared state of a doacross loop (doacross.cpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace hcc::omp {

struct Doacross {
  struct Dim {
    int64_t lo, up, st;
    uint64_t count;  // iterations of this dimension
  };
  std::vector<Dim> dims;
  std::unique_ptr<std::atomic<uint8_t>[]> posted;
  uint64_t size = 0;
  int finished = 0;  // threads past fini

  // The flat index of an iteration vector; false when it lies outside the
  // space (a sink before the first iteration names no iteration).
  bool index(const int64_t* vec, uint64_t& out) const {
    out = 0;
    for (const Dim& d : dims) {
      const int64_t v = *vec++;
      const int64_t offset = v - d.lo;
      if (d.st > 0 ? (v < d.lo || v > d.up) : (v > d.lo || v < d.up)) return false;
      if (offset % d.st != 0) return false;
      out = out * d.count + static_cast<uint64_t>(offset / d.st);
    }
    return true;
  }
};

}  // namespace hcc::omp
