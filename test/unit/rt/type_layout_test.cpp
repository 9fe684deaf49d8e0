// Where an MPI datatype's bytes lie (type_layout.hpp), against what OpenMPI
// reports for the same constructors (MPI_Type_get_extent, and the typemap).
#include "type_layout.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using hcc::rt::LayoutPtr;
using hcc::rt::TypeLayout;

struct Span {
  int64_t offset, length;
  bool operator==(const Span& o) const { return offset == o.offset && length == o.length; }
};

std::vector<Span> runs(const LayoutPtr& t, int64_t count = 1) {
  std::vector<TypeLayout::Run> out;
  EXPECT_TRUE(t->runs(0, count, out, 1000));
  std::vector<Span> r;
  for (const auto& x : out) r.push_back({x.offset, x.length});
  return r;
}

const LayoutPtr kDouble = TypeLayout::named(8);
const LayoutPtr kInt = TypeLayout::named(4);
const LayoutPtr kChar = TypeLayout::named(1);

// MPI_Type_vector(count, blocklength, stride, old): rows of blocklength, stride extents apart.
LayoutPtr vector(int count, int blocklength, int stride, const LayoutPtr& old) {
  return TypeLayout::blocks({{0, count, TypeLayout::blocks({{0, blocklength, old}}), int64_t{stride} * old->extent()}});
}

// MPI_Type_create_subarray(2, {20, 24}, {5, 6}, {5, 6}, C, MPI_DOUBLE): OpenMPI
// says lb 0, extent 3840 (the whole array); SMPI said extent 8.
TEST(TypeLayout, ASubarrayIsItsBlockInTheWholeArraysExtent) {
  const LayoutPtr t = TypeLayout::subarray({20, 24}, {5, 6}, {5, 6}, kDouble);
  EXPECT_EQ(t->size(), 240);
  EXPECT_EQ(t->lb(), 0);
  EXPECT_EQ(t->extent(), 3840);
  EXPECT_EQ(t->true_lb(), (5 * 24 + 6) * 8);  // OpenMPI: 1008 and 816
  EXPECT_EQ(t->true_extent(), 816);
  const std::vector<Span> r = runs(t);
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(r[0], (Span{(5 * 24 + 6) * 8, 48}));
  EXPECT_EQ(r[4], (Span{(9 * 24 + 6) * 8, 48}));
  // Two of them: the second one array further.
  EXPECT_EQ(runs(t, 2)[5], (Span{3840 + (5 * 24 + 6) * 8, 48}));
}

TEST(TypeLayout, WholeRowsOfASubarrayAreOneRun) {
  const LayoutPtr t = TypeLayout::subarray({20, 24}, {5, 24}, {10, 0}, kDouble);
  EXPECT_EQ(runs(t), (std::vector<Span>{{10 * 24 * 8, 5 * 24 * 8}}));
}

// OpenMPI: MPI_Type_vector(3, 2, 5, MPI_INT): lb 0, extent 48; resized to
// (0, 100): extent 100, true extent 48 (SMPI said 100).
TEST(TypeLayout, AVectorAndItsResizedTile) {
  const LayoutPtr v = vector(3, 2, 5, kInt);
  EXPECT_EQ(v->extent(), 48);
  EXPECT_EQ(runs(v), (std::vector<Span>{{0, 8}, {20, 8}, {40, 8}}));
  const LayoutPtr r = TypeLayout::resized(v, 0, 100);
  EXPECT_EQ(r->extent(), 100);
  EXPECT_EQ(r->true_lb(), 0);
  EXPECT_EQ(r->true_extent(), 48);
  EXPECT_EQ(runs(r, 2), (std::vector<Span>{{0, 8}, {20, 8}, {40, 8}, {100, 8}, {120, 8}, {140, 8}}));
}

// OpenMPI: MPI_Type_vector(3, 1, -2, MPI_INT): lb -16, extent 20 (SMPI: 0, -12).
TEST(TypeLayout, ANegativeStrideBoundsTheTypeByItsLastBlock) {
  const LayoutPtr v = vector(3, 1, -2, kInt);
  EXPECT_EQ(v->lb(), -16);
  EXPECT_EQ(v->extent(), 20);
  EXPECT_EQ(runs(v), (std::vector<Span>{{0, 4}, {-8, 4}, {-16, 4}}));
}

// OpenMPI: a struct {int at 40, 2 doubles at 8, char at 100}: lb 8, extent
// 96 (93 rounded up to the doubles' alignment; SMPI said 93), true extent 93.
TEST(TypeLayout, AStructsExtentIsPaddedToItsAlignment) {
  const LayoutPtr s = TypeLayout::blocks({{40, 1, kInt}, {8, 2, kDouble}, {100, 1, kChar}}, true);
  EXPECT_EQ(s->size(), 21);
  EXPECT_EQ(s->lb(), 8);
  EXPECT_EQ(s->extent(), 96);
  EXPECT_EQ(s->true_lb(), 8);
  EXPECT_EQ(s->true_extent(), 93);
  EXPECT_EQ(runs(s), (std::vector<Span>{{40, 4}, {8, 16}, {100, 1}}));
}

// A column of a 10^7-row matrix: one block of strided rows, not 10^7 blocks.
TEST(TypeLayout, AVectorOfManyRowsIsOneBlock) {
  const LayoutPtr column = vector(10000000, 1, 4, kDouble);
  EXPECT_EQ(column->size(), 80000000);
  EXPECT_EQ(column->extent(), (10000000 - 1) * 32 + 8);
  std::vector<TypeLayout::Run> out;
  EXPECT_TRUE(column->runs(0, 1, out, 3) == false);
  EXPECT_EQ(out[2].offset, 64);
}

// MPI_Get_elements: a struct {int, 2 doubles, char} is 4 elements; 21 bytes
// one struct, 25 bytes one more int, 29 bytes ends inside a double.
TEST(TypeLayout, ElementsCountThePredefinedOnesInTheSignature) {
  const LayoutPtr s = TypeLayout::blocks({{40, 1, kInt}, {8, 2, kDouble}, {100, 1, kChar}}, true);
  EXPECT_EQ(s->elements_in(21), 4);
  EXPECT_EQ(s->elements_in(42), 8);
  EXPECT_EQ(s->elements_in(25), 5);
  EXPECT_EQ(s->elements_in(29), -1);
  EXPECT_EQ(vector(3, 2, 5, kInt)->elements_in(20), 5);
}

TEST(TypeLayout, TooManyRunsStopTheExpansion) {
  const LayoutPtr v = vector(100, 1, 2, kInt);
  std::vector<TypeLayout::Run> out;
  EXPECT_FALSE(v->runs(0, 1, out, 10));
}

}  // namespace
