// C++ streams in task bodies: a task that writes to std::cout or reads a
// file stream runs in a simulation (task-file-io.c); one that only reports
// an error on std::cerr stays simulated, and formatting into a string
// stream is not taken for a file's.
// RUN: %hccsim -fsimulate -std=c++17 -Rhcc -c %s -o %t.o 2>&1 | FileCheck %s
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

static double work(int k) {
  double s = 0;
  for (int i = 0; i < 1000; i++) s += i * k;
  return s;
}

int main() {
  std::ifstream in("numbers.txt");
  long total = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    std::cout << "work " << work(1) << "\n";
#pragma omp task shared(in, total)
    {
      long v;
      while (in >> v) total += v;
    }
#pragma omp task shared(total)
    {
      if (work(2) < 0) {
        std::cerr << "negative work " << work(2) << "\n";
        fprintf(stderr, "giving up\n");
      }
    }
#pragma omp task
    {
      std::ostringstream s;
      s << work(3);
      (void)s.str().size();
    }
  }
  std::printf("%ld\n", total);
  return 0;
}
// CHECK: task-file-io-cxx.cpp:24:1: remark: hccsim: task 'task-file-io-cxx.cpp:24' (runs in simulation: it reads or writes a file)
// CHECK: task-file-io-cxx.cpp:26:1: remark: hccsim: task 'task-file-io-cxx.cpp:26' (runs in simulation: it reads or writes a file)
// CHECK: task-file-io-cxx.cpp:31:1: remark: hccsim: task 'task-file-io-cxx.cpp:31', work hcc_loop_trip((double)(0), (double)(1000), 1, 0) + hcc_loop_trip((double)(0), (double)(1000), 1, 0){{$}}
// A string stream is no file (the task steers for the library's own stores
// into its buffer, as any task using a std::vector or std::string does).
// CHECK-NOT: reads or writes a file
