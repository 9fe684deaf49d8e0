// RUN: %omp-check %s
// Checks a CRTP base class template whose member function creates tasks that call the derived implementation.
#include <cstdio>
#include <vector>
#include <omp.h>

template <typename Derived> class Stage {
public:
  // Apply the derived transform to every element with one task per block.
  void apply(std::vector<long> &v, size_t block) {
    for (size_t b = 0; b < v.size(); b += block) {
#pragma omp task shared(v) firstprivate(b, block)
      for (size_t i = b; i < b + block && i < v.size(); ++i)
        v[i] = static_cast<Derived *>(this)->transform(v[i], i);
    }
#pragma omp taskwait
    static_cast<Derived *>(this)->done(v);
  }
};

class AddIndex : public Stage<AddIndex> {
public:
  long transform(long x, size_t i) const { return x + static_cast<long>(i); }
  void done(const std::vector<long> &v) const { std::printf("AddIndex done, last %ld\n", v.back()); }
};

class Clamp : public Stage<Clamp> {
  long lo_, hi_;

public:
  Clamp(long lo, long hi) : lo_(lo), hi_(hi) {}
  long transform(long x, size_t) const { return x < lo_ ? lo_ : (x > hi_ ? hi_ : x); }
  void done(const std::vector<long> &v) const {
    long s = 0;
    for (long x : v)
      s += x;
    std::printf("Clamp done, sum %ld\n", s);
  }
};

int main() {
  std::vector<long> v(100);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = static_cast<long>(i % 10) * 5 - 20;
  AddIndex add;
  Clamp clamp(-5, 60);
#pragma omp parallel
#pragma omp single
  {
    add.apply(v, 7);
    clamp.apply(v, 16);
  }
  for (size_t i = 0; i < v.size(); i += 11)
    std::printf("v[%zu] = %ld\n", i, v[i]);
  return 0;
}
