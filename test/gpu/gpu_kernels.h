// Kernels of the GPU tests (gpu_kernels.cu), callable from C++ without CUDA's headers.
#pragma once

extern "C" {
// y[i] = fmod(3 y[i] + x[i], 1000003): exact on integer-valued doubles, so a
// CPU and a GPU give the same bytes and any lost or stale copy shows.
void gpu_step(double* y, const double* x, int n, void* stream);
void cpu_step(double* y, const double* x, int n);
// An empty kernel (the overhead benchmark's task).
void gpu_empty(void* stream);
// The number of CUDA devices this process sees (0 without a driver or GPU).
int gpu_count();
}
