// A simulation charges a kernel its model and does not run it (a task's
// body that is not control code, a loop's chunk under HCC_SIM_LOOPS=model):
// what it computes is not computed. A program that prints such values (a
// checksum of the matrix its tasks factorised) prints other ones than
// natively, so the simulation says which kernels it did not run, on one
// line at its end.
#pragma once

namespace hcc::rt {

// Counts one run of kernel `name` charged and not run. Actors run one at a
// time: no lock. one_size_for_all: the run had nothing its model could be
// keyed on (no data, no parameter, a loop not counted): its model is one
// time whatever the input's size, which the report says.
void note_replayed_kernel(const char* name, bool one_size_for_all = false);
// The lines on stderr, if a kernel was not run since the last ones.
void report_replayed_kernels();

}  // namespace hcc::rt
