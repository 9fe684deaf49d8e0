// A file without MPI_Init whose global object reports when the process
// exits, as a profiler's does (unconstructed-originals.cpp).
#include <cstdio>

struct Report {
  int calls = 0;
  ~Report() { std::printf("report: %d calls\n", calls); }
};
Report report;

void count_call() { ++report.calls; }
