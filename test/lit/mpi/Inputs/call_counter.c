/* A helper without mpi.h that keeps its state in file statics, as a
 * random-number helper of a benchmark suite does. */
static int calls;
static unsigned long long seed = 314159265ULL;
static int not_privatised[2];
#define BUMP() (not_privatised[0]++)

int count_call(void) { return ++calls; }

unsigned long long next_random(void) {
  BUMP();
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return seed >> 33;
}
