// RUN: %omp-check %s
// Checks firstprivate of std::string (short and heap-allocated) in tasks and in a parallel region.
#include <cstdio>
#include <string>
#include <vector>
#include <omp.h>

int main() {
  std::string prefix = "item-";
  std::string longText(100, 'x'); // long enough to live on the heap
  const int N = 6;
  std::vector<std::string> out(N);

#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < N; ++i) {
#pragma omp task firstprivate(prefix, longText, i) shared(out)
      {
        prefix += std::to_string(i * 11);
        longText.resize(static_cast<size_t>(i) * 10);
        out[i] = prefix + ":" + std::to_string(longText.size());
      }
      prefix += "!"; // each task must see the value at its creation
    }
  }

  // firstprivate string in a parallel region: every thread edits its own copy.
  std::string word = "omp";
  int badCopies = 0;
#pragma omp parallel firstprivate(word) reduction(+: badCopies)
  {
    if (word != "omp")
      badCopies++;
    word += "-changed";
    if (word != "omp-changed")
      badCopies++;
  }

  for (const std::string &s : out)
    std::printf("%s\n", s.c_str());
  std::printf("prefix after: %s\n", prefix.c_str());
  std::printf("word after: %s, bad copies: %d\n", word.c_str(), badCopies);
  std::printf("longText size: %zu\n", longText.size());
  return 0;
}
