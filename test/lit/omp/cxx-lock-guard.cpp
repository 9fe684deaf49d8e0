// RUN: %omp-check %s
// Checks an RAII guard class wrapping omp_lock_t, used inside tasks to protect a std::vector and std::map.
#include <algorithm>
#include <cstdio>
#include <map>
#include <vector>
#include <omp.h>

class Lock {
  omp_lock_t lock_;

public:
  Lock() { omp_init_lock(&lock_); }
  ~Lock() { omp_destroy_lock(&lock_); }
  Lock(const Lock &) = delete;
  Lock &operator=(const Lock &) = delete;
  void acquire() { omp_set_lock(&lock_); }
  void release() { omp_unset_lock(&lock_); }
};

class Guard {
  Lock &l_;

public:
  explicit Guard(Lock &l) : l_(l) { l_.acquire(); }
  ~Guard() { l_.release(); }
  Guard(const Guard &) = delete;
  Guard &operator=(const Guard &) = delete;
};

int main() {
  Lock lock;
  std::vector<int> found;
  std::map<int, int> histogram;

#pragma omp parallel
#pragma omp single
  for (int i = 1; i <= 200; ++i) {
#pragma omp task firstprivate(i) shared(lock, found, histogram)
    {
      int digits = 0;
      for (int x = i; x > 0; x /= 10)
        digits += x % 10;
      {
        Guard g(lock); // released at the end of this block, even on early exit
        histogram[digits]++;
        if (i % 17 == 0)
          found.push_back(i);
      }
    }
  }

  std::sort(found.begin(), found.end());
  std::printf("multiples of 17:");
  for (int f : found)
    std::printf(" %d", f);
  std::printf("\n");
  for (const auto &kv : histogram)
    std::printf("digit sum %2d: %d\n", kv.first, kv.second);
  std::printf("lock free at end: %s\n", [&] {
    Guard g(lock);
    return "yes";
  }());
  return 0;
}
