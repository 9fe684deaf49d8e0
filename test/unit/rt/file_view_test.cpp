// The view of a simulated MPI-IO file (file_view.hpp): which bytes of the
// file a process's stream of data lies in.
#include "file_view.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <tuple>
#include <vector>

namespace {

using hcc::rt::FileView;
using Segment = std::tuple<int64_t, int64_t, int64_t>;  // file offset, from, length

std::vector<Segment> segments(const FileView& v, int64_t start, int64_t n) {
  std::vector<Segment> out;
  v.segments(start, n, [&](int64_t file, int64_t from, int64_t length) { out.emplace_back(file, from, length); });
  return out;
}

TEST(FileView, TheDefaultViewIsTheFileFromItsStart) {
  const FileView v;
  EXPECT_EQ(v.file_offset(1000), 1000);
  EXPECT_EQ(segments(v, 5, 1 << 20), (std::vector<Segment>{{5, 0, 1 << 20}}));
  EXPECT_TRUE(segments(v, 5, 0).empty());
}

TEST(FileView, AContiguousFiletypeIsOneRangeFromTheDisplacement) {
  const FileView v(64, 8, 80, {{0, 80}});
  EXPECT_EQ(segments(v, 16, 400), (std::vector<Segment>{{80, 0, 400}}));
}

// A rank's block of columns in a row-major 4x8 array of doubles
// (MPI_Type_create_subarray({4, 8}, {4, 2}, {0, 2})): 16 bytes of each row.
TEST(FileView, ASubarrayTakesItsBlockOfEachRowAndTilesEveryExtent) {
  const FileView v(0, 8, 256, {{16, 16}, {80, 16}, {144, 16}, {208, 16}});
  EXPECT_EQ(v.tile_size(), 64);
  EXPECT_EQ(v.file_offset(0), 16);
  EXPECT_EQ(v.file_offset(20), 84);
  EXPECT_EQ(v.file_offset(64), 256 + 16);  // the second tile
  EXPECT_EQ(segments(v, 8, 40), (std::vector<Segment>{{24, 0, 8}, {80, 8, 16}, {144, 24, 16}}));
  EXPECT_EQ(segments(v, 56, 16), (std::vector<Segment>{{216, 0, 8}, {272, 8, 8}}));
}

TEST(FileView, TheStreamBeforeAFileByteCountsTheRunsBeforeIt) {
  const FileView v(0, 8, 256, {{16, 16}, {80, 16}, {144, 16}, {208, 16}});
  EXPECT_EQ(v.stream_bytes_before(0), 0);
  EXPECT_EQ(v.stream_bytes_before(24), 8);
  EXPECT_EQ(v.stream_bytes_before(100), 32);
  EXPECT_EQ(v.stream_bytes_before(512), 128);
  EXPECT_EQ(FileView(64, 1, 1, {{0, 1}}).stream_bytes_before(100), 36);
  EXPECT_EQ(FileView(64, 1, 1, {{0, 1}}).stream_bytes_before(10), 0);
}

// Runs that end where the next tile's first run begins are one range.
TEST(FileView, RangesThatMeetAcrossTilesAreOne) {
  const FileView v(100, 4, 16, {{0, 4}, {12, 4}});  // bytes 0-3 and 12-15 of every 16
  EXPECT_EQ(segments(v, 4, 8), (std::vector<Segment>{{112, 0, 8}}));
  EXPECT_EQ(segments(v, 0, 12), (std::vector<Segment>{{100, 0, 4}, {112, 4, 8}}));
}

TEST(FileView, ANegativeOrEmptyFiletypeIsRefused) {
  EXPECT_THROW(FileView(0, 8, 0, {{0, 8}}), std::invalid_argument);
  EXPECT_THROW(FileView(0, 8, 8, {}), std::invalid_argument);
}

}  // namespace
