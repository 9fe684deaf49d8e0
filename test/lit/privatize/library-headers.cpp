// An installed library's headers given with -I (pkg-config's
// -I/usr/include/eigen3) are the library's, as system headers are: the
// statics of its own code (Eigen's cache sizes, its norms' constants) are
// not the program's to privatise, and no warning is given for each (a file
// using Eigen had twenty-two, each with a hint to move the library's code
// into a source file). The program's own header given with -I still gets
// its warning; the program's variables are privatised.
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 -I/usr/include/eigen3 -I%S/Inputs 2>&1 >/dev/null | FileCheck %s
// RUN: %hcc-rewrite --privatize --simulate %s -- -std=c++17 -I/usr/include/eigen3 -I%S/Inputs 2>/dev/null | %strip-checks | FileCheck %s --check-prefix=CODE
// CHECK-NOT: eigen3
// CHECK: shared-header.h:{{[0-9]+}}:{{[0-9]+}}: warning: hccsim: 'in_header' is used in '{{.*}}shared-header.h', which hccsim does not rewrite
// CHECK-NOT: eigen3
#include <Eigen/Dense>
extern "C" {
#include "shared-header.h"
}
int MPI_Init(int *argc, char ***argv);
int in_header;
double scale = 2.0;
double solve() {
  Eigen::MatrixXd a = Eigen::MatrixXd::Identity(4, 4) * scale;
  Eigen::VectorXd b = Eigen::VectorXd::Ones(4);
  Eigen::VectorXd x = a.llt().solve(b);
  return x.stableNorm() + (a * a).sum() + read_in_header();
}
// CODE: Eigen::MatrixXd a = Eigen::MatrixXd::Identity(4, 4) * HCC_PRIVATE(::scale);
