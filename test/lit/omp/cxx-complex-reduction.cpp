// RUN: %omp-check %s
// Checks reductions over std::complex<double> with exactly representable values via declare reduction and tasks.
#include <complex>
#include <cstdio>
#include <vector>
#include <omp.h>

using cplx = std::complex<double>;

#pragma omp declare reduction(cadd : cplx : omp_out += omp_in) initializer(omp_priv = cplx(0.0, 0.0))

int main() {
  const int N = 4096;
  std::vector<cplx> z(N);
  for (int i = 0; i < N; ++i)
    z[i] = cplx((i % 16) * 0.5, -(i % 8) * 0.25);

  cplx total(0.0, 0.0);
#pragma omp parallel for reduction(cadd : total)
  for (int i = 0; i < N; ++i)
    total += z[i];

  // Products by i (exact): rotate each element by 90 degrees, then sum.
  cplx rotated(0.0, 0.0);
#pragma omp parallel for reduction(cadd : rotated)
  for (int i = 0; i < N; ++i)
    rotated += z[i] * cplx(0.0, 1.0);

  // Complex values computed in tasks, combined in order after taskwait.
  std::vector<cplx> blocks(16);
#pragma omp parallel
#pragma omp single
  for (int b = 0; b < 16; ++b) {
#pragma omp task firstprivate(b) shared(z, blocks)
    {
      cplx s(0.0, 0.0);
      for (int i = b * 256; i < (b + 1) * 256; ++i)
        s += z[i] * z[i];
      blocks[b] = s;
    }
  }
  cplx squares(0.0, 0.0);
  for (const cplx &c : blocks)
    squares += c;

  std::printf("total = (%.4f, %.4f)\n", total.real(), total.imag());
  std::printf("rotated = (%.4f, %.4f)\n", rotated.real(), rotated.imag());
  std::printf("sum of squares = (%.4f, %.4f)\n", squares.real(), squares.imag());
  std::printf("block 3 = (%.4f, %.4f)\n", blocks[3].real(), blocks[3].imag());
  return 0;
}
