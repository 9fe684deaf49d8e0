// AddressMap (DependencyScope): every key inserted is found with its value,
// absent keys are not, across growth, for the address patterns OpenMP
// programs name (consecutive elements, tiles a power of two apart, bytes).
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <vector>

#include "address_map.hpp"

namespace hcc::rt {
namespace {

Handle* as_handle(uintptr_t v) { return reinterpret_cast<Handle*>(v); }
const void* as_key(uintptr_t a) { return reinterpret_cast<const void*>(a); }

void check_pattern(uintptr_t base, uintptr_t stride, int n) {
  AddressMap map;
  for (int i = 0; i < n; ++i) {
    Handle*& h = map[as_key(base + i * stride)];
    EXPECT_EQ(h, nullptr);
    h = as_handle(i + 1);
  }
  EXPECT_EQ(map.size(), static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(map.find(as_key(base + i * stride)), as_handle(i + 1)) << i;
    EXPECT_EQ(map[as_key(base + i * stride)], as_handle(i + 1)) << i;  // no second entry
  }
  EXPECT_EQ(map.size(), static_cast<size_t>(n));
  EXPECT_EQ(map.find(as_key(base + n * stride)), nullptr);
  EXPECT_EQ(map.find(as_key(base - stride)), nullptr);
  std::map<const void*, Handle*> seen;
  map.for_each([&seen](const void* k, Handle* h) { seen.emplace(k, h); });
  EXPECT_EQ(seen.size(), static_cast<size_t>(n));
}

TEST(AddressMap, ConsecutiveDoubles) { check_pattern(0x7f0000001000, sizeof(double), 100000); }
TEST(AddressMap, TilesAPowerOfTwoApart) { check_pattern(0x7f0000000000, uintptr_t{1} << 21, 4096); }
TEST(AddressMap, Bytes) { check_pattern(0x7f0000000003, 1, 5000); }

TEST(AddressMap, EmptyAndCleared) {
  AddressMap map;
  EXPECT_EQ(map.find(as_key(64)), nullptr);
  map[as_key(64)] = as_handle(1);
  map.clear();
  EXPECT_EQ(map.size(), 0u);
  EXPECT_EQ(map.find(as_key(64)), nullptr);
  map[as_key(64)] = as_handle(2);
  EXPECT_EQ(map.find(as_key(64)), as_handle(2));
}

}  // namespace
}  // namespace hcc::rt
