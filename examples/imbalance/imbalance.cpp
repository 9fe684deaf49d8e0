// Imbalanced loop iterations, as a C++ code meets them: element i of a
// std::vector needs work proportional to 1 + i % K (a sawtooth of costs:
// a numerical integral with that many panels per unit), so a static
// schedule would leave threads idle; the loop is
// `#pragma omp parallel for schedule(dynamic, C)` with a
// `reduction(+: ...)` of the results. The main thread then sums the results
// in order and checks a sample of them sequentially. Nothing in it is written
// for hccsim: a simulation (`hccsim -fsimulate`) charges each thread's own
// CPU time between its entries into the runtime (here, every chunk it takes)
// as simulated time.
//
//   imbalance [N=4000] [K=64] [C=4] [W=600]   N elements, costs 1..K units of W panels, chunks of C
//
// Prints "imbalance: N=.. K=.. C=.. W=.. sum=<sum in order> ok" after
// checking every 37th element against a sequential recomputation (bitwise)
// and the reduction's sum against the ordered one (relative difference
// below 1e-12: the reduction's order depends on the schedule, so it is not
// printed). The line does not depend on the thread count. Then
// "time=<seconds>": the parallel loop on omp_get_wtime (simulated time in a
// simulation).
#include <omp.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

// The integral of 1 / (1 + x^2 + s) over [0, 1 + s / 1000] by the midpoint rule
// with `panels` panels: its cost grows with `panels`, its value hardly.
double element(int i, int panels) {
  const double s = 1e-3 * (i % 101);
  const double b = 1.0 + s / 1000.0, h = b / panels;
  double total = 0;
  for (int p = 0; p < panels; ++p) {
    const double x = (p + 0.5) * h;
    total += h / (1.0 + x * x + s) + 1e-3 * std::sin(x * (1.0 + s));
  }
  return total;
}

int panels_of(int i, int k, int w) { return (1 + i % k) * w; }

}  // namespace

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 4000;
  const int k = argc > 2 ? std::atoi(argv[2]) : 64;
  const int chunk = argc > 3 ? std::atoi(argv[3]) : 4;
  const int w = argc > 4 ? std::atoi(argv[4]) : 600;
  if (n < 1 || k < 1 || chunk < 1 || w < 1) {
    std::fprintf(stderr, "usage: imbalance [N >= 1] [K >= 1] [C >= 1] [W >= 1]\n");
    return 2;
  }
  std::vector<double> result(n);
  double reduced = 0;
  const double start = omp_get_wtime();
#pragma omp parallel for schedule(dynamic, chunk) reduction(+: reduced)
  for (int i = 0; i < n; ++i) {
    result[i] = element(i, panels_of(i, k, w));
    reduced += result[i];
  }
  const double seconds = omp_get_wtime() - start;

  double sum = 0;
  for (double r : result) sum += r;
  bool ok = std::fabs(reduced - sum) <= 1e-12 * std::fabs(sum);
  for (int i = 0; i < n; i += 37) ok = ok && element(i, panels_of(i, k, w)) == result[i];
  std::printf("imbalance: N=%d K=%d C=%d W=%d sum=%.9f %s\n", n, k, chunk, w, sum, ok ? "ok" : "FAILED");
  std::printf("time=%.6f\n", seconds);
  return ok ? 0 : 1;
}
