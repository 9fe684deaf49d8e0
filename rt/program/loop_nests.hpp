// Loop nests of the program's own code as kernels (loop_nests.cpp).
#pragma once

namespace hcc::rt {

// The calling thread starts (true) or ends (false) running a worksharing
// loop's chunk (rt/omp/loop_kernels.cpp): a nest it runs meanwhile is part
// of the chunk's kernel, neither recorded nor modelled on its own.
void loop_chunk_runs(bool runs);

}  // namespace hcc::rt
