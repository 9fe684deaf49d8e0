// RUN: %omp-check %s
// Checks C++ exceptions thrown and caught inside task bodies (never escaping the task), with results recorded.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>
#include <omp.h>

static int checkedDivide(int a, int b) {
  if (b == 0)
    throw std::domain_error("division by zero");
  if (a < 0)
    throw std::invalid_argument("negative: " + std::to_string(a));
  return a / b;
}

int main() {
  const int N = 12;
  std::vector<std::string> log(N);
  int caughtDomain = 0, caughtInvalid = 0;
  std::string nestedLog;

#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < N; ++i) {
#pragma omp task firstprivate(i) shared(log, caughtDomain, caughtInvalid)
      {
        try {
          int r = checkedDivide(i - 2, i % 4);
          log[i] = "ok " + std::to_string(r);
        } catch (const std::domain_error &e) {
          log[i] = std::string("domain: ") + e.what();
#pragma omp atomic
          caughtDomain++;
        } catch (const std::exception &e) {
          log[i] = std::string("other: ") + e.what();
#pragma omp atomic
          caughtInvalid++;
        }
      }
    }
    // Exception thrown in a child task, caught in that child; parent continues.
#pragma omp task shared(nestedLog)
    {
      int inner = 0;
#pragma omp task shared(inner)
      {
        try {
          throw 42;
        } catch (int v) {
          inner = v;
        }
      }
#pragma omp taskwait
      nestedLog = "inner caught " + std::to_string(inner);
    }
  }

  for (int i = 0; i < N; ++i)
    std::printf("%2d: %s\n", i, log[i].c_str());
  std::printf("%s\n", nestedLog.c_str());
  std::printf("domain errors %d, other errors %d\n", caughtDomain, caughtInvalid);
  return 0;
}
