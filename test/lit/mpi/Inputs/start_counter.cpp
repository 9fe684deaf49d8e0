// A file without MPI_Init whose static initialiser calls a function with a
// class-typed local static (mpi/local-statics.cpp): at start-up it
// constructs the original, which no rank of a simulation uses.
#include <cstdio>

struct StartCounter {
  int n = 0;
  ~StartCounter() { std::printf("start counter destroyed at %d\n", n); }
};

StartCounter &start_counter() {
  static StartCounter c;
  return c;
}

static int counted_at_start = (start_counter().n += 1000, 1);

int bump_start_counter() { return ++start_counter().n + counted_at_start - 1; }
