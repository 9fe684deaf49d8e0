// RUN: %omp-check %s
// Checks tasks created in a const member function that read this->members and write to shared locals.
#include <cstdio>
#include <vector>
#include <omp.h>

class Matrix {
  int rows_, cols_;
  std::vector<int> data_;

public:
  Matrix(int r, int c) : rows_(r), cols_(c), data_(r * c) {
    for (int i = 0; i < r * c; ++i)
      data_[i] = (i * 7) % 11 - 3;
  }

  // One task per row; each writes its own element of the result.
  std::vector<long> rowSums() const {
    std::vector<long> out(rows_, 0);
    long *o = out.data();
#pragma omp parallel
#pragma omp single
    for (int r = 0; r < rows_; ++r) {
#pragma omp task firstprivate(r) shared(o)
      {
        long s = 0;
        for (int c = 0; c < cols_; ++c)
          s += data_[r * cols_ + c];
        o[r] = s;
      }
    }
    return out;
  }

  long trace() const {
    long t = 0;
#pragma omp parallel for reduction(+: t)
    for (int i = 0; i < rows_; ++i)
      if (i < cols_)
        t += data_[i * cols_ + i];
    return t;
  }
};

int main() {
  const Matrix m(9, 13);
  std::vector<long> s = m.rowSums();
  long total = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    std::printf("row %zu: %ld\n", i, s[i]);
    total += s[i];
  }
  std::printf("total %ld trace %ld\n", total, m.trace());
  return 0;
}
