// The C++ half of test/e2e/program_memory: operator new, new[] and aligned
// new, each released by the matching delete; returns the bytes of the
// largest moment.
#include <cstddef>
#include <memory>
#include <new>
#include <vector>

struct alignas(256) Wide {
  char bytes[512];
};

extern "C" void keep(void* p) {
  static void* volatile last;
  last = p;
}

extern "C" size_t cxx_allocations() {
  auto* one = new long[1000];                 // 8,000
  auto wide = std::make_unique<Wide>();       // 512, aligned new
  std::vector<double> v(2000);                // 16,000
  auto* nothrow = new (std::nothrow) char[300];  // 300
  const size_t peak = 8000 + sizeof(Wide) + 16000 + 300;
  keep(one);
  keep(wide.get());
  keep(v.data());
  keep(nothrow);
  delete[] nothrow;
  delete[] one;
  (void)wide;
  (void)v;
  return peak;
}
