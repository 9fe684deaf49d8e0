// Remarks (-Rhcc) of a simulated build for C++ allocations: new of a
// constant size of at least 1 MiB, new[] of a size known at run time or in
// a template;
// a small object, a placement new and an allocation under
// '#pragma hcc shared(all)' (its directive's remark) are not listed.
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=simulate -Rhcc -Wno-unknown-warning-option -fopenmp -I%hcc-rt-include -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
#include <cstddef>
#include <new>

struct Grid {
  double cells[1024][1024];
};

double *make(std::size_t n) {
  Grid *g = new Grid;
  double *row = new double[n];
  int *one = new int(3);
  alignas(double) static unsigned char place[sizeof(double)];
  double *placed = new (place) double(1.0);
#pragma hcc shared(all)
  double *all = new double[n];
  row[0] = g->cells[0][0] + *one + *placed + all[0];
  delete g;
  delete one;
  delete[] all;
  return row;
}

// In a template, sizes are known once it is instantiated: folded from the
// threshold.
template <typename T> T *many(std::size_t n) { return new T[n]; }
template <typename T> T *one() { return static_cast<T *>(::operator new(sizeof(T))); }
double *use(std::size_t n) { return many<double>(n) + (one<Grid>() != nullptr); }

// CHECK: remarks-folded-new.cpp:20:9: remark: hccsim: allocations folded in simulation, one range for all ranks (#pragma hcc shared(all))
// CHECK: remarks-folded-new.cpp:15:13: remark: hccsim: new of 8388608 bytes kept in simulation; folded when a run sets HCC_FOLD_THRESHOLD
// CHECK: remarks-folded-new.cpp:16:17: remark: hccsim: new[] kept in simulation; folded when a run sets HCC_FOLD_THRESHOLD and it asks for that many bytes or more
// CHECK: remarks-folded-new.cpp:31:55: remark: hccsim: new[] kept in simulation; folded when a run sets HCC_FOLD_THRESHOLD and it asks for that many bytes or more
