#include "type_layout.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace hcc::rt {

namespace {

// The largest power of two, up to 8, that divides size: a predefined
// type's alignment on the machines MPI runs on (double 8, int 4, char 1).
int64_t natural_alignment(int64_t size) {
  int64_t a = 1;
  while (a < 8 && size % (a * 2) == 0) a *= 2;
  return a;
}

}  // namespace

LayoutPtr TypeLayout::named(int64_t size) {
  std::shared_ptr<TypeLayout> t(new TypeLayout);
  t->size_ = size;
  t->extent_ = size;
  t->true_extent_ = size;
  t->alignment_ = natural_alignment(size);
  return t;
}

LayoutPtr TypeLayout::blocks(std::vector<Block> blocks, bool pad_to_alignment) {
  std::shared_ptr<TypeLayout> t(new TypeLayout);
  t->elements_ = 0;
  int64_t lb = std::numeric_limits<int64_t>::max(), ub = std::numeric_limits<int64_t>::min();
  int64_t true_lb = lb, true_ub = ub;
  for (const Block& b : blocks) {
    if (b.count <= 0) continue;
    const TypeLayout& e = *b.type;
    t->size_ += b.count * e.size_;
    t->elements_ += b.count * e.elements_;
    t->alignment_ = std::max(t->alignment_, e.alignment_);
    // The first and the last copies bound the block, whatever the stride's sign.
    const int64_t step = b.stride == kExtent ? e.extent_ : b.stride;
    for (int64_t i : {int64_t{0}, b.count - 1}) {
      const int64_t at = b.displacement + i * step;
      lb = std::min(lb, at + e.lb_);
      ub = std::max(ub, at + e.lb_ + e.extent_);
      if (e.size_ > 0) {
        true_lb = std::min(true_lb, at + e.true_lb_);
        true_ub = std::max(true_ub, at + e.true_lb_ + e.true_extent_);
      }
    }
  }
  if (lb > ub) lb = ub = 0;  // no data: MPI's empty type
  if (true_lb > true_ub) true_lb = true_ub = 0;
  t->true_lb_ = true_lb;
  t->true_extent_ = true_ub - true_lb;
  t->lb_ = lb;
  t->extent_ = ub - lb;
  if (pad_to_alignment && t->extent_ % t->alignment_)
    t->extent_ += t->alignment_ - t->extent_ % t->alignment_;
  t->blocks_ = std::move(blocks);
  return t;
}

LayoutPtr TypeLayout::resized(LayoutPtr type, int64_t lb, int64_t extent) {
  std::shared_ptr<TypeLayout> t(new TypeLayout);
  t->size_ = type->size_;
  t->alignment_ = type->alignment_;
  t->lb_ = lb;
  t->extent_ = extent;
  t->true_lb_ = type->true_lb_;
  t->true_extent_ = type->true_extent_;
  t->elements_ = type->elements_;
  t->blocks_.push_back({0, 1, std::move(type)});
  return t;
}

LayoutPtr TypeLayout::selection(const std::vector<int64_t>& sizes, const std::vector<Ranges>& ranges,
                                LayoutPtr element) {
  // Innermost dimension first: a row's selected elements, then each
  // dimension's selected rows, one stride of the whole array apart.
  LayoutPtr t = element;
  int64_t stride = element->extent_;
  for (size_t d = sizes.size(); d-- > 0;) {
    std::vector<Block> rows;
    for (const auto& [first, count] : ranges[d]) {
      if (t == element) rows.push_back({first * stride, count, t});  // contiguous elements
      else
        for (int64_t i = 0; i < count; ++i) rows.push_back({(first + i) * stride, 1, t});
    }
    t = blocks(std::move(rows));
    stride *= sizes[d];
  }
  return resized(t, 0, stride);
}

LayoutPtr TypeLayout::subarray(const std::vector<int64_t>& sizes, const std::vector<int64_t>& subsizes,
                               const std::vector<int64_t>& starts, LayoutPtr element) {
  std::vector<Ranges> ranges;
  for (size_t d = 0; d < sizes.size(); ++d) ranges.push_back({{starts[d], subsizes[d]}});
  return selection(sizes, ranges, std::move(element));
}

int64_t TypeLayout::elements_in(int64_t bytes) const {
  if (size_ == 0) return 0;
  int64_t elements = bytes / size_ * elements_;
  bytes %= size_;
  if (bytes == 0) return elements;
  if (blocks_.empty()) return -1;  // inside a predefined element
  for (const Block& b : blocks_) {
    const int64_t block_bytes = b.count * b.type->size_;
    if (bytes >= block_bytes) {
      elements += b.count * b.type->elements_;
      bytes -= block_bytes;
      continue;
    }
    const int64_t rest = b.type->elements_in(bytes);
    return rest < 0 ? -1 : elements + rest;
  }
  return elements;
}

bool TypeLayout::append(int64_t at, std::vector<Run>& out, size_t limit) const {
  for (const Block& b : blocks_)
    if (!b.type->runs(at + b.displacement, b.count, out, limit, b.stride)) return false;
  return true;
}

bool TypeLayout::runs(int64_t at, int64_t count, std::vector<Run>& out, size_t limit, int64_t stride) const {
  if (stride == kExtent) stride = extent_;
  if (blocks_.empty() && stride == size_) {  // contiguous copies of a predefined type
    const int64_t length = count * size_;
    if (length <= 0) return true;
    if (!out.empty() && out.back().offset + out.back().length == at) out.back().length += length;
    else out.push_back({at, length});
    return out.size() <= limit;
  }
  for (int64_t i = 0; i < count; ++i) {
    if (blocks_.empty()) {
      if (!runs(at + i * stride, 1, out, limit)) return false;
    } else if (!append(at + i * stride, out, limit)) {
      return false;
    }
  }
  return true;
}

}  // namespace hcc::rt
