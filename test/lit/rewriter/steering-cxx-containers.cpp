// Loop conditions over C++ containers and objects that no store of a
// worksharing loop into their elements changes: a loop bound by a
// std::vector's size() or an iterator's end() (its shape, not its
// elements), or by an object's member `n` while the loop stores through a
// member function returning an element of another member (`at`, an element
// of `v`). Such loops are charged their models under HCC_SIM_LOOPS=model.
// Loops stay run where a condition does read what they store: an element
// through the same accessor, an element of the vector, or the member
// itself through a function returning a reference to it.
// RUN: %hccsim -fsimulate -Rhcc -std=c++17 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not="goes round"
// REQUIRES: hcc-plugin
#include <cstddef>
#include <vector>

struct Grid {
  int n;
  std::vector<double> v;
  double &at(int i, int j) { return v[static_cast<std::size_t>(i) * n + j]; }
  const double &at(int i, int j) const { return v[static_cast<std::size_t>(i) * n + j]; }
  int &size() { return n; }
};

// As Grid, for the loops that do steer (what a condition reads is told
// per type: every Field's v, every Grid's n).
struct Field {
  int n;
  std::vector<double> v;
  double &at(int i, int j) { return v[static_cast<std::size_t>(i) * n + j]; }
};

double shape(std::vector<double> &x) {
#pragma omp parallel for
  for (int i = 0; i < static_cast<int>(x.size()); ++i) x[i] = 0.5 * x[i] + i;
  double s = 0;
  for (std::size_t k = 0; k < x.size(); ++k) s += x[k];
  for (auto it = x.begin(); it != x.end(); ++it) s += *it;
  if (x.empty()) return 0;
  return s;
}

double members(Grid &a, Grid &b) {
  const int n = a.n;
#pragma omp parallel for collapse(2)
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j) b.at(i, j) = 0.25 * (a.at(i - 1, j) + a.at(i + 1, j));
  return b.at(1, 1);
}

// The two grids take turns (a simulation keeps b's contents flowing into a's).
double relax(Grid &a, Grid &b, int steps) {
  double r = 0;
  for (int s = 0; s < steps; s += 2) r = members(a, b) + members(b, a);
  return r;
}

int elementsThroughAccessor(Field &g) {
  int steps = 0;
  while (g.at(0, 0) > 1e-3) {
#pragma omp parallel for
    for (int j = 0; j < g.n; ++j) g.at(0, j) *= 0.5;
// CHECK: steering-cxx-containers.cpp:[[@LINE-2]]:1: remark: hccsim: loop 'loop:steering-cxx-containers.cpp:[[@LINE-2]]' runs in simulation even under HCC_SIM_LOOPS=model: what it stores decides how many times a loop of the program goes round
    ++steps;
  }
  return steps;
}

int elementsOfVector(std::vector<double> &x) {
  int steps = 0;
  while (x[0] > 1e-3) {
#pragma omp parallel for
    for (int i = 0; i < static_cast<int>(x.size()); ++i) x[i] *= 0.5;
// CHECK: steering-cxx-containers.cpp:[[@LINE-2]]:1: remark: hccsim: loop 'loop:steering-cxx-containers.cpp:[[@LINE-2]]' runs in simulation even under HCC_SIM_LOOPS=model: what it stores decides how many times a loop of the program goes round
    ++steps;
  }
  return steps;
}

int memberThroughReference(Grid &g, const std::vector<int> &sizes) {
  int total = 0;
#pragma omp parallel for
  for (int k = 0; k < static_cast<int>(sizes.size()); ++k)
    if (k == 0) g.size() = sizes[k];
// CHECK: steering-cxx-containers.cpp:[[@LINE-3]]:1: remark: hccsim: loop 'loop:steering-cxx-containers.cpp:[[@LINE-3]]' runs in simulation even under HCC_SIM_LOOPS=model: what it stores decides how many times a loop of the program goes round
  for (int j = 0; j < g.n; ++j) total += j;
  return total;
}

// Items collected under a critical section: the loop changes the vector's
// size, which the loop after it goes round by.
long collect(int n) {
  std::vector<int> picked;
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    if (i % 7 == 0) {
#pragma omp critical
      picked.push_back(i);
    }
// CHECK: steering-cxx-containers.cpp:[[@LINE-6]]:1: remark: hccsim: loop 'loop:steering-cxx-containers.cpp:[[@LINE-6]]' runs in simulation even under HCC_SIM_LOOPS=model: what it stores decides how many times a loop of the program goes round
  long s = 0;
  for (std::size_t k = 0; k < picked.size(); ++k) s += picked[k];
  return s;
}

// The program's main: what its other functions return is tested, if at all,
// in this file (steering-other-files.c: a file without main).
int main() { return 0; }
