// RUN: %omp-check %s
// Checks tasks launched from a constructor that initialize member arrays before the constructor returns.
#include <cstdio>
#include <omp.h>

class Grid {
public:
  static const int W = 8, H = 6;
  int cell[H][W];
  long rowTotal[H];

  // The constructor builds the grid in parallel: one task per row,
  // then one task per row total depending on the row.
  explicit Grid(int seed) {
#pragma omp parallel
#pragma omp single
    {
      for (int y = 0; y < H; ++y) {
#pragma omp task depend(out: cell[y][0]) firstprivate(y, seed)
        for (int x = 0; x < W; ++x)
          cell[y][x] = (seed * (y + 1) + 3 * x) % 17;
#pragma omp task depend(in: cell[y][0]) firstprivate(y)
        {
          long t = 0;
          for (int x = 0; x < W; ++x)
            t += cell[y][x];
          rowTotal[y] = t;
        }
      }
    }
  }
};

int main() {
  Grid g(5);
  long all = 0;
  for (int y = 0; y < Grid::H; ++y) {
    std::printf("row %d:", y);
    for (int x = 0; x < Grid::W; ++x)
      std::printf(" %2d", g.cell[y][x]);
    std::printf("  total %ld\n", g.rowTotal[y]);
    all += g.rowTotal[y];
  }
  std::printf("grand total %ld\n", all);
  return 0;
}
