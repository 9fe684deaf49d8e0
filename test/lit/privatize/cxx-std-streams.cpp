// The standard streams are shared by the ranks as natively every rank's
// output goes to one terminal: no warning for std::cout << ... in a file of
// an MPI program, as none for fprintf(stderr, ...); another library
// variable still gets one.
// RUN: %hcc-rewrite --privatize %s -- -std=c++17 2>&1 >/dev/null | FileCheck %s
#include <unistd.h>
#include <iostream>
int MPI_Init(int *argc, char ***argv);

int report(int energy) {
  std::cout << "energy " << energy << std::endl;
  std::cerr << "done\n";
  std::clog << "log\n";
  std::wcout << L"w\n";
// CHECK-NOT: warning: hccsim: '{{w?c(out|err|log)}}'
  return optind;
// CHECK: cxx-std-streams.cpp:[[@LINE-1]]:10: warning: hccsim: 'optind' is a variable of a library hccsim does not compile
}
