// RUN: %omp-check %s
// Checks parallel regions with named critical sections, atomic update/capture and a for loop inside member functions.
#include <algorithm>
#include <cstdio>
#include <vector>
#include <omp.h>

class Histogram {
  static const int BINS = 10;
  long bins_[BINS];
  std::vector<int> outliers_;
  long processed_;
  int tickets_;

public:
  Histogram() : processed_(0), tickets_(0) {
    for (long &b : bins_)
      b = 0;
  }

  void fill(const std::vector<int> &data) {
    std::vector<int> issued;
#pragma omp parallel
    {
#pragma omp for
      for (size_t i = 0; i < data.size(); ++i) {
        int v = data[i];
        if (v >= 0 && v < 100) {
#pragma omp atomic update
          bins_[v / 10]++;
        } else {
#pragma omp critical(outliers)
          outliers_.push_back(v);
        }
#pragma omp atomic
        processed_ += 1;
      }
      int t;
#pragma omp atomic capture
      t = tickets_++;
#pragma omp critical(tickets)
      issued.push_back(t);
    }
    // Every ticket 0..k-1 was handed out exactly once, whatever the team size k.
    std::sort(issued.begin(), issued.end());
    bool ok = true;
    for (size_t i = 0; i < issued.size(); ++i)
      ok = ok && issued[i] == static_cast<int>(i);
    std::printf("tickets unique and dense: %s\n", ok ? "yes" : "no");
  }

  void print() {
    std::sort(outliers_.begin(), outliers_.end());
    for (int b = 0; b < BINS; ++b)
      std::printf("[%2d,%3d): %ld\n", b * 10, b * 10 + 10, bins_[b]);
    std::printf("outliers:");
    for (int o : outliers_)
      std::printf(" %d", o);
    std::printf("\nprocessed %ld\n", processed_);
  }
};

int main() {
  std::vector<int> data;
  for (int i = 0; i < 2000; ++i)
    data.push_back((i * 53) % 107 - 3);
  Histogram h;
  h.fill(data);
  h.print();
  return 0;
}
