// Where an MPI datatype's bytes lie, computed from how the program built it
// (sim_mpi_types.cpp records each constructor's arguments), as MPI defines
// it: the typemap's runs, the lower bound and the extent. A simulation's
// MPI-IO lays a file view out with it (sim_mpi_io.cpp): SMPI's own extents
// are wrong for subarrays (the extent of one element), for resized types
// (their true extent) and for negative strides. Plain data, without MPI.
#pragma once

#include <cstdint>
#include <climits>
#include <memory>
#include <utility>
#include <vector>

namespace hcc::rt {

class TypeLayout;
using LayoutPtr = std::shared_ptr<const TypeLayout>;

class TypeLayout {
 public:
  struct Run {
    int64_t offset;
    int64_t length;
  };
  // `count` copies of `type`, the first at `displacement`, each `stride`
  // bytes after the previous (kExtent: one extent of the type): one block of
  // a constructor's typemap. A vector is one block of strided copies of its
  // rows, whatever its count.
  static constexpr int64_t kExtent = INT64_MIN;
  struct Block {
    int64_t displacement;
    int64_t count;
    LayoutPtr type;
    int64_t stride = kExtent;
  };

  // A predefined type of `size` bytes.
  static LayoutPtr named(int64_t size);
  // The blocks, in the typemap's order (MPI_Type_contiguous, _vector,
  // _indexed, _create_struct, ... all are blocks). pad_to_alignment: the
  // extent is rounded up to the largest alignment of the blocks' types, as
  // MPI_Type_create_struct does.
  static LayoutPtr blocks(std::vector<Block> blocks, bool pad_to_alignment = false);
  // type with the lower bound and extent given (MPI_Type_create_resized).
  static LayoutPtr resized(LayoutPtr type, int64_t lb, int64_t extent);
  // Ranges of indices along one dimension of an array: {first, count}.
  using Ranges = std::vector<std::pair<int64_t, int64_t>>;
  // The elements of an array (sizes in C order, row-major) whose index along
  // each dimension lies in that dimension's ranges, in the array's order,
  // within the whole array's extent: MPI_Type_create_subarray (one range a
  // dimension) and MPI_Type_create_darray (a process's blocks).
  static LayoutPtr selection(const std::vector<int64_t>& sizes, const std::vector<Ranges>& ranges, LayoutPtr element);
  static LayoutPtr subarray(const std::vector<int64_t>& sizes, const std::vector<int64_t>& subsizes,
                            const std::vector<int64_t>& starts, LayoutPtr element);

  int64_t size() const { return size_; }
  int64_t lb() const { return lb_; }
  int64_t extent() const { return extent_; }
  int64_t alignment() const { return alignment_; }
  // Where the data itself lies (MPI_Type_get_true_extent): from the first
  // byte of data to the last, whatever the bounds say.
  int64_t true_lb() const { return true_lb_; }
  int64_t true_extent() const { return true_extent_; }
  // The predefined elements in the first `bytes` of the type signature of
  // copies of the type (MPI_Get_elements); -1 where `bytes` ends inside one.
  int64_t elements_in(int64_t bytes) const;

  // Appends the runs of `count` copies of the type placed at `at`, each
  // `stride` bytes after the previous (kExtent: one extent), in the
  // typemap's order, merging a run with the previous one where they meet.
  // Stops once `out` holds more than `limit` runs (returns false).
  bool runs(int64_t at, int64_t count, std::vector<Run>& out, size_t limit, int64_t stride = kExtent) const;

 private:
  TypeLayout() = default;
  bool append(int64_t at, std::vector<Run>& out, size_t limit) const;

  int64_t size_ = 0;
  int64_t lb_ = 0;
  int64_t extent_ = 0;
  int64_t alignment_ = 1;
  int64_t true_lb_ = 0;
  int64_t true_extent_ = 0;
  int64_t elements_ = 1;  // predefined elements in one copy
  std::vector<Block> blocks_;  // empty: a predefined type, one run of size_ bytes
};

}  // namespace hcc::rt
