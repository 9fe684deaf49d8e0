/* A helper without mpi.h that keeps its state in file statics (a random
 * number generator and a call counter), as a benchmark suite's utilities
 * do. Compiled on its own, or into a static library. */
static int calls;
static unsigned long long state = 88172645463325252ULL;

unsigned long long util_next(void) {
  ++calls;
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

int util_calls(void) { return calls; }
