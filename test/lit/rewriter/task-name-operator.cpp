// A task whose body is one call is named after its callee, unless the call
// is an overloaded operator's (std::vector's operator[], a lambda's
// operator()): those name the task by its file and line, since tasks of one
// name share one model.
// RUN: %clangxx -std=c++17 -fsyntax-only -fopenmp -fplugin=%hccplugin -fplugin-arg-hcc-remarks %s 2>&1 | FileCheck %s
// REQUIRES: hcc-plugin
#include <vector>

double scale(std::vector<double> &v, double f);

void phases(std::vector<std::vector<double>> &blocks, int n) {
  auto sum = [&](int b) { return blocks[b][0] + 1; };
  for (int b = 1; b < n; b++) {
#pragma omp task shared(blocks)
    blocks[b][0] += blocks[b - 1][0];
// CHECK: task-name-operator.cpp:[[@LINE-2]]:1: remark: hccsim: task 'task-name-operator.cpp:[[@LINE-2]]'
#pragma omp task shared(blocks)
    blocks[b][1] = sum(b);
// CHECK: task-name-operator.cpp:[[@LINE-2]]:1: remark: hccsim: task 'task-name-operator.cpp:[[@LINE-2]]'
#pragma omp task shared(blocks)
    blocks[b][2] = scale(blocks[b], 2.0);
// CHECK: task-name-operator.cpp:[[@LINE-2]]:1: remark: hccsim: task 'scale'
  }
#pragma omp taskwait
}
