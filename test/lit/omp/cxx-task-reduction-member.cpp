// RUN: %omp-check %s
// Checks taskgroup task_reduction (+ and max) with in_reduction tasks inside const member functions.
#include <cstdio>
#include <vector>
#include <omp.h>

class Inventory {
  std::vector<int> stock_;
  std::vector<int> price_;

public:
  Inventory() {
    for (int i = 0; i < 50; ++i) {
      stock_.push_back((i * 7) % 13);
      price_.push_back(10 + i % 9);
    }
  }

  // Total value and item count, reduced over one task per item.
  void totals(long &value, long &items) const {
    long v = 0, n = 0;
#pragma omp taskgroup task_reduction(+: v, n)
    {
      for (size_t i = 0; i < stock_.size(); ++i) {
#pragma omp task in_reduction(+: v, n) firstprivate(i)
        {
          v += static_cast<long>(stock_[i]) * price_[i];
          n += stock_[i];
        }
      }
    }
    value = v;
    items = n;
  }

  // Max stock through a max reduction, one task per block of ten items.
  int maxStock() const {
    int m = 0;
#pragma omp taskgroup task_reduction(max: m)
    {
      for (size_t b = 0; b < stock_.size(); b += 10) {
#pragma omp task in_reduction(max: m) firstprivate(b)
        for (size_t i = b; i < b + 10 && i < stock_.size(); ++i)
          m = stock_[i] > m ? stock_[i] : m;
      }
    }
    return m;
  }
};

int main() {
  Inventory inv;
  long value = 0, items = 0;
  int mx = 0;
#pragma omp parallel
#pragma omp single
  {
    inv.totals(value, items);
    mx = inv.maxStock();
  }
  std::printf("value %ld items %ld max %d\n", value, items, mx);
  return 0;
}
