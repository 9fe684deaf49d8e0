// std::chrono's clocks in simulation (program_clocks.sh): libstdc++ reads
// clock_gettime, which a simulated program's executable defines.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "../sampling/spin.h"

int main(int argc, char** argv) {
  const double unit = argc > 1 ? std::atof(argv[1]) : 0.05;
  using clock = std::chrono::steady_clock;
  const auto t0 = clock::now();
  const auto s0 = std::chrono::system_clock::now();
  spin(unit);
  const auto t1 = clock::now();
  const auto s1 = std::chrono::system_clock::now();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto t2 = clock::now();
  std::printf("steady=%.6f system=%.6f sleep=%.6f\n", std::chrono::duration<double>(t1 - t0).count(),
              std::chrono::duration<double>(s1 - s0).count(), std::chrono::duration<double>(t2 - t1).count());
  return 0;
}
