// What a process sees of a file through its view (MPI_File_set_view): the
// bytes of its filetype, tiled from the view's displacement every extent
// bytes, in order, as one stream (MPI-3.1 §13.3). The MPI-IO of a simulation
// (sim_mpi_io.cpp) maps each access, a range of that stream, to the file's
// bytes with it. Plain data, without MPI: the filetype arrives flattened.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace hcc::rt {

struct FileView {
  // A run of the filetype's bytes: offset from the tile's start, length.
  struct Run {
    int64_t offset;
    int64_t length;
  };

  // The view that MPI_File_open sets: every byte, from the file's start.
  FileView() = default;
  // runs: in increasing offsets, not overlapping (MPI requires a filetype's
  // displacements to be nondecreasing); extent > 0: the filetype's extent.
  FileView(int64_t disp, int64_t etype_size, int64_t extent, std::vector<Run> runs);

  int64_t disp() const { return disp_; }
  int64_t etype_size() const { return etype_size_; }
  // Bytes of the stream in one tile.
  int64_t tile_size() const { return tile_size_; }

  // The file byte where byte `stream` of the view's stream lies.
  int64_t file_offset(int64_t stream) const;
  // How many bytes of the stream lie before the file's byte `file`: the
  // stream's length in a file of that size.
  int64_t stream_bytes_before(int64_t file) const;

  // Calls f(file_offset, from, length) for each range of the file that the
  // stream's bytes [start, start + n) lie in, in the stream's order; from:
  // where the range begins in those n bytes. Adjacent ranges come as one.
  template <class F>
  void segments(int64_t start, int64_t n, F&& f) const {
    if (n <= 0) return;
    if (contiguous_) return f(disp_ + start, int64_t{0}, n);
    int64_t done = 0;
    int64_t pending_file = -1, pending_from = 0, pending_length = 0;
    while (done < n) {
      const int64_t stream = start + done;
      const int64_t tile = stream / tile_size_;
      const int64_t within = stream % tile_size_;
      size_t run = run_of(within);
      int64_t skip = within - before_[run];
      while (done < n && run < runs_.size()) {
        const int64_t length = std::min(runs_[run].length - skip, n - done);
        const int64_t file = disp_ + tile * extent_ + runs_[run].offset + skip;
        if (pending_file >= 0 && pending_file + pending_length == file) {
          pending_length += length;
        } else {
          if (pending_file >= 0) f(pending_file, pending_from, pending_length);
          pending_file = file, pending_from = done, pending_length = length;
        }
        done += length;
        skip = 0;
        ++run;
      }
    }
    if (pending_file >= 0) f(pending_file, pending_from, pending_length);
  }

 private:
  // The run holding stream byte `within` of a tile.
  size_t run_of(int64_t within) const;

  int64_t disp_ = 0;
  int64_t etype_size_ = 1;
  int64_t extent_ = 1;
  std::vector<Run> runs_{{0, 1}};
  std::vector<int64_t> before_{0};  // stream bytes of a tile before each run
  int64_t tile_size_ = 1;
  bool contiguous_ = true;  // one run filling the extent: the stream is the file's bytes from disp_
};

}  // namespace hcc::rt
