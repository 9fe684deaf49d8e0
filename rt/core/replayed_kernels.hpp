// A simulation charges a kernel its model and does not run it (a task's
// body that is not control code, a loop's chunk under HCC_SIM_LOOPS=model):
// what it computes is not computed. A program that prints such values (a
// checksum of the matrix its tasks factorised) prints other ones than
// natively, so the simulation says which kernels it did not run, on one
// line at its end.
#pragma once

namespace hcc::rt {

// Counts one run of kernel `name` charged and not run. Actors run one at a
// time: no lock.
void note_replayed_kernel(const char* name);
// The line on stderr, if a kernel was not run since the last one.
void report_replayed_kernels();

}  // namespace hcc::rt
