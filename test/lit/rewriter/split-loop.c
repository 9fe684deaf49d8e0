// '#pragma hcc split' before a worksharing loop: the sections of [lb, ub)
// (cut ones from f at lb and lb + 1, whole ones with stride 0), the
// CUDA implementation's wrapper at file scope (section arrays become device
// pointers, other arguments a block evaluated at the loop's start), the
// loop's bounds replaced by the CPU part the runtime gives, and the end.
// RUN: %hcc-rewrite %s -- -fopenmp | %strip-checks | FileCheck %s
// RUN: %clang -fsyntax-only -fopenmp -fplugin=%hccplugin -fplugin-arg-hcc-remarks %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REQUIRES: hcc-plugin
void stencil_cuda(long begin, long end, const double *in, double *out, const double *w, int k);

void stencil(int n, int k, const double *in, double *out, const double *w) {
#pragma hcc split name("stencil") impl(cuda: stencil_cuda(in, out, w, k)) in(in[i * k : k + 2], w[0:k]) out(out[i])
#pragma omp parallel for schedule(static)
  for (int i = 1; i <= n; i++) {
    double s = 0;
    for (int j = 0; j < k; ++j) s += w[j] * in[i * k + j];
    out[i] = s;
  }
}
// REMARK: split-loop.c:[[@LINE-8]]:9: remark: hccsim: loop split between the CPU team and the GPUs (kernel 'split:stencil', impl(cuda: stencil_cuda))

// CHECK:      struct __hcc_sa0 {
// CHECK-NEXT:   long lb;
// CHECK-NEXT:   int a3;
// CHECK-NEXT: };
// CHECK-NEXT: static void __hcc_split_cuda0(long __hcc_begin, long __hcc_end, void *const *__hcc_buffers, void *__hcc_arg) {
// CHECK:        stencil_cuda(__hcc_a->lb + __hcc_begin, __hcc_a->lb + __hcc_end, (const double *)__hcc_buffers[0], (double *)__hcc_buffers[2], (const double *)__hcc_buffers[1], __hcc_a->a3);
// CHECK:      const long __hcc_lb0 = (long)(1);
// CHECK-NEXT: const long __hcc_n0 = (long)(n) + 1 - __hcc_lb0;
// CHECK:        {(void *)&(in)[0], (size_t)((({ long i = __hcc_lb0 + 1; (long)(i * k); }) - ({ long i = __hcc_lb0; (long)(i * k); })) * (long)sizeof((in)[0])), (size_t)(({ long i = __hcc_lb0; (long)(i * k); }) * (long)sizeof((in)[0])), (size_t)((k + 2) * (long)sizeof((in)[0])), HCC_R},
// CHECK-NEXT:   {(void *)&(w)[0], 0, (size_t)(({ long i = __hcc_lb0; (long)(0); }) * (long)sizeof((w)[0])), (size_t)((k) * (long)sizeof((w)[0])), HCC_R},
// CHECK-NEXT:   {(void *)&(out)[0], {{.*}}, (size_t)(1 * (long)sizeof((out)[0])), HCC_W},
// CHECK:      struct __hcc_sa0 __hcc_sv0 = {__hcc_lb0, (int)(k)};
// CHECK:      hcc_split_begin("stencil", "split-loop.c:13", __hcc_n0, __hcc_ss0, 3, __hcc_split_cuda0, &__hcc_sv0, &__hcc_b0, &__hcc_e0);
// CHECK:      #pragma omp parallel for schedule(static)
// CHECK-NEXT:   for (int i = __hcc_lb0 + __hcc_b0; i < __hcc_lb0 + __hcc_e0; i++) {
// CHECK:      hcc_split_end("stencil");
