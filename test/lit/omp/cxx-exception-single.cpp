// RUN: %omp-check %s
// Checks exceptions thrown and caught inside a parallel region's single construct and inside tasks it spawns.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>
#include <omp.h>

struct ParseError : std::runtime_error {
  int position;
  ParseError(const std::string &m, int p) : std::runtime_error(m), position(p) {}
};

static long parse(const std::string &s) {
  long v = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9')
      throw ParseError("bad digit '" + std::string(1, s[i]) + "'", static_cast<int>(i));
    v = v * 10 + (s[i] - '0');
  }
  return v;
}

int main() {
  std::vector<std::string> inputs = {"123", "4x5", "99999", "", "7-", "2024"};
  std::vector<long> values(inputs.size(), -1);
  std::string singleMsg;
  int errors = 0;

#pragma omp parallel shared(values, singleMsg, errors)
  {
#pragma omp single
    {
      // Thrown and caught within the single block itself.
      try {
        parse("12a");
      } catch (const ParseError &e) {
        singleMsg = std::string(e.what()) + " at " + std::to_string(e.position);
      }
      for (size_t i = 0; i < inputs.size(); ++i) {
#pragma omp task firstprivate(i) shared(inputs, values, errors)
        {
          try {
            if (inputs[i].empty())
              throw std::length_error("empty");
            values[i] = parse(inputs[i]);
          } catch (const ParseError &e) {
            values[i] = -100 - e.position;
#pragma omp atomic
            errors++;
          } catch (const std::length_error &) {
            values[i] = -2;
#pragma omp atomic
            errors++;
          }
        }
      }
    } // implicit barrier: all tasks done
  }

  std::printf("single: %s\n", singleMsg.c_str());
  for (size_t i = 0; i < inputs.size(); ++i)
    std::printf("'%s' -> %ld\n", inputs[i].c_str(), values[i]);
  std::printf("errors: %d\n", errors);
  return 0;
}
