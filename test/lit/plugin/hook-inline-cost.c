// Instrumented and simulated builds inline what native builds inline: the
// calls they add around loop nests (hcc_loop_enter, hcc_loop_leave) cost the
// inliner nothing and raise its threshold (clang-plugin/HookInlineCost.cpp).
// Without that, sweep() below (examples/mpi-halo's), called from two places,
// cost 300 against a threshold of 225 and stayed a call in both builds; the
// native build inlines it (cost 130). So does init_block() (220 natively,
// 360 with the hooks, whose calls test the site's flag too).
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=native -fopenmp -O2 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=NATIVE --implicit-check-not=@sweep( --implicit-check-not=@init_block(
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=simulate -fopenmp -O2 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=HOOKED --implicit-check-not=@sweep( --implicit-check-not=@init_block(
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-mode=instrument -fopenmp -O2 -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=HOOKED --implicit-check-not=@sweep( --implicit-check-not=@init_block(
#include <math.h>
#include <stdlib.h>
#include <string.h>

static double source(int n, int i, int j) {
  const double h = 1.0 / (n + 1), x = i * h, y = j * h;
  return 8.0 * sin(3.0 * x) * cos(2.0 * y);
}

static void init_block(double *u, double *f, int n, int first, int rows) {
  const int w = n + 2;
  memset(u, 0, (size_t)(rows + 2) * w * sizeof *u);
  for (int i = 0; i < rows + 2; ++i) {
    const int g = first + i - 1;
    for (int j = 0; j < w; ++j) {
      f[(size_t)i * w + j] = g >= 1 && g <= n && j >= 1 && j <= n ? source(n, g, j) : 0.0;
      if (g == 0) u[(size_t)i * w + j] = 1.0;
    }
  }
}

static double sweep(const double *cur, double *nxt, const double *f, int n, int rows) {
  const int w = n + 2;
  const double h2 = 1.0 / ((double)(n + 1) * (n + 1));
  double change = 0;
  for (int i = 1; i <= rows; ++i) {
    const double *up = cur + (size_t)(i - 1) * w, *row = cur + (size_t)i * w, *down = cur + (size_t)(i + 1) * w;
    const double *fr = f + (size_t)i * w;
    double *out = nxt + (size_t)i * w;
    for (int j = 1; j <= n; ++j) {
      out[j] = 0.25 * (up[j] + down[j] + row[j - 1] + row[j + 1] + h2 * fr[j]);
      const double d = fabs(out[j] - row[j]);
      change = d > change ? d : change;
    }
  }
  return change;
}

// NATIVE: define {{.*}}@main(
// NATIVE-NOT: hcc_loop_enter
// HOOKED: define {{.*}}@main(
// HOOKED: call {{.*}}@hcc_loop_enter(
// HOOKED: declare {{.*}}@hcc_loop_enter({{.*}}) {{.*}}#[[HOOK:[0-9]+]]
// HOOKED: attributes #[[HOOK]] = { {{.*}}"call-inline-cost"="0" "call-threshold-bonus"="80"
int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 64, steps = argc > 2 ? atoi(argv[2]) : 10;
  double *a = calloc((size_t)(n + 2) * (n + 2), sizeof *a), *b = calloc((size_t)(n + 2) * (n + 2), sizeof *b);
  double *f = calloc((size_t)(n + 2) * (n + 2), sizeof *f);
  init_block(a, f, n, 1, n);
  init_block(b, f, n, 1, n);
  double change = 0;
  for (int t = 0; t < steps; ++t) {
    change = sweep(a, b, f, n, n);
    double *s = a;
    a = b;
    b = s;
  }
  const double check = sweep(a, b, f, n, n);
  return change + check > 1;
}
