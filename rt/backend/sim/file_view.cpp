#include "file_view.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace hcc::rt {

FileView::FileView(int64_t disp, int64_t etype_size, int64_t extent, std::vector<Run> runs)
    : disp_(disp), etype_size_(etype_size), extent_(extent), runs_(std::move(runs)) {
  if (runs_.empty() || extent_ <= 0 || etype_size_ <= 0)
    throw std::invalid_argument("a file view needs a filetype of positive size and extent and an etype of positive size");
  contiguous_ = runs_.size() == 1 && runs_[0].offset == 0 && runs_[0].length == extent_;
  before_.clear();
  tile_size_ = 0;
  for (const Run& r : runs_) {
    before_.push_back(tile_size_);
    tile_size_ += r.length;
  }
}

size_t FileView::run_of(int64_t within) const {
  return static_cast<size_t>(std::upper_bound(before_.begin(), before_.end(), within) - before_.begin()) - 1;
}

int64_t FileView::file_offset(int64_t stream) const {
  if (contiguous_) return disp_ + stream;
  const int64_t within = stream % tile_size_;
  const size_t run = run_of(within);
  return disp_ + stream / tile_size_ * extent_ + runs_[run].offset + (within - before_[run]);
}

int64_t FileView::stream_bytes_before(int64_t file) const {
  if (file <= disp_) return 0;
  if (contiguous_) return file - disp_;
  const int64_t within = (file - disp_) % extent_;
  int64_t bytes = (file - disp_) / extent_ * tile_size_;
  for (const Run& r : runs_) bytes += std::clamp<int64_t>(within - r.offset, 0, r.length);
  return bytes;
}

}  // namespace hcc::rt
