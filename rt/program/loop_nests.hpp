// Loop nests of the program's own code as kernels (loop_nests.cpp).
#pragma once

namespace hcc::rt {

class Runtime;

// The calling thread starts (true) or ends (false) running a worksharing
// loop's chunk (rt/omp/loop_kernels.cpp): a nest it runs meanwhile is part
// of the chunk's kernel, neither recorded nor modelled on its own. Kept by
// worker (simulated actors share a system thread), and natively in
// hcc_loop_nests_skip too, so that such a nest costs a test.
void loop_chunk_runs(Runtime& rt, bool runs);

}  // namespace hcc::rt
