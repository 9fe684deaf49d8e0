// #pragma hcc sample before a loop (per iteration), a block and an
// expression statement: each wrapped in HCC_SAMPLE_ENTER/LEAVE/CLOSE, with a
// static site named after the directive's line; the statement kept whole.
// RUN: %hcc-rewrite %s -- | FileCheck %s
double work(int);

double f(int n, int runs) {
  double sum = 0;
#pragma hcc sample(local, 10)
  for (int i = 0; i < n; ++i)
    sum += work(i);
// CHECK: static hcc_sample_site hcc_sample_0 HCC_SAMPLE_SITE = {"stmt-sample.c:9", 0}; for (int i = 0; i < n; ++i)
// CHECK-NEXT: { if (HCC_SAMPLE_ENTER(&hcc_sample_0, HCC_SAMPLE_LOCAL, (double)(10), 0.0)) { sum += work(i); } HCC_SAMPLE_LEAVE(&hcc_sample_0); } HCC_SAMPLE_CLOSE(&hcc_sample_0);
#pragma hcc sample(global, runs + 1)
  {
    sum += work(0);
  }
// CHECK: static hcc_sample_site hcc_sample_1 HCC_SAMPLE_SITE = {"stmt-sample.c:14", 0}; if (HCC_SAMPLE_ENTER(&hcc_sample_1, HCC_SAMPLE_GLOBAL, (double)(runs + 1), 0.0)) { {
// CHECK: } } HCC_SAMPLE_LEAVE(&hcc_sample_1); HCC_SAMPLE_CLOSE(&hcc_sample_1);
#pragma hcc sample(auto, tol = 0.02, max = 100)
  while (sum < 10) sum += work(1);
// CHECK: static hcc_sample_site hcc_sample_2 HCC_SAMPLE_SITE = {"stmt-sample.c:20", 0}; while (sum < 10) { if (HCC_SAMPLE_ENTER(&hcc_sample_2, HCC_SAMPLE_AUTO, (double)(100), (double)(0.02)))
#pragma hcc sample(auto, tol = 0.05)
  sum += work(2);
// CHECK: if (HCC_SAMPLE_ENTER(&hcc_sample_3, HCC_SAMPLE_AUTO, 0.0, (double)(0.050000000000000003))) { sum += work(2); } HCC_SAMPLE_LEAVE(&hcc_sample_3); HCC_SAMPLE_CLOSE(&hcc_sample_3);
  return sum;
}
