// The tree of tasks: which task created which, and whether one descends from
// another (a worker waiting inside a task may only take that task's
// descendants, the task scheduling constraint of tied tasks). Skew-binary
// jump links (Myers, "An applicative random-access stack", 1983) make the
// answer O(log depth) links away whatever the depth; see TaskAncestry.
#include "runtime.hpp"

namespace hcc::rt {
namespace {

constexpr auto kRelaxed = std::memory_order_relaxed;

// A link read from a task whose id was expected: the link's fields, or
// nothing when the task was recycled (its id changed) while they were read.
struct Link {
  const Task* target;
  uint64_t target_id;
  uint32_t target_depth;
};

bool read_jump(const Task& t, uint64_t expected_id, Link& out) {
  out = {t.jump.load(kRelaxed), t.jump_id.load(kRelaxed), t.jump_depth.load(kRelaxed)};
  std::atomic_thread_fence(std::memory_order_acquire);
  return t.id.load(kRelaxed) == expected_id;
}

}  // namespace

// With t's id set. The parent runs (its thread submits t), so its own fields
// hold; its jump target may have been recycled, and t then jumps to the
// parent only (a shorter jump: answers stay right, a little slower).
void Runtime::link_ancestry(Task& t, const Task* parent) {
  if (!parent) {
    t.depth.store(0, kRelaxed);
    t.jump.store(nullptr, kRelaxed);
    return;
  }
  const uint32_t d = parent->depth.load(kRelaxed);
  const uint64_t pid = parent->id.load(kRelaxed);
  t.depth.store(d + 1, kRelaxed);
  t.parent_id.store(pid, kRelaxed);
  Link to{parent, pid, d};
  Link pj, pjj;
  // The skew-binary rule: when the parent's jump and its jump's jump span
  // equal distances, t jumps over both.
  if (read_jump(*parent, pid, pj) && pj.target &&
      read_jump(*pj.target, pj.target_id, pjj) && pjj.target &&
      d - pj.target_depth == pj.target_depth - pjj.target_depth)
    to = pjj;
  t.jump.store(to.target, kRelaxed);
  t.jump_id.store(to.target_id, kRelaxed);
  t.jump_depth.store(to.target_depth, kRelaxed);
}

// Whether t descends from the running task a (a's fields hold). A link to a
// recycled task ends the walk with "no": the worker then leaves t to another
// (only ancestors that completed are recycled, so a's line is intact).
bool Runtime::descends_from(const Task& t, const Task& a) {
  const uint32_t top = a.depth.load(kRelaxed);
  const Task* cur = &t;
  uint64_t cur_id = t.id.load(kRelaxed);
  uint32_t depth = t.depth.load(kRelaxed);
  while (depth > top) {
    Link jump;
    if (!read_jump(*cur, cur_id, jump)) return false;
    if (jump.target && jump.target_depth >= top) {
      cur = jump.target;
      cur_id = jump.target_id;
      depth = jump.target_depth;
    } else {
      const Task* parent = cur->parent.load(kRelaxed);
      const uint64_t parent_id = cur->parent_id.load(kRelaxed);
      std::atomic_thread_fence(std::memory_order_acquire);
      if (!parent || cur->id.load(kRelaxed) != cur_id) return false;
      cur = parent;
      cur_id = parent_id;
      --depth;
    }
    if (cur->id.load(kRelaxed) != cur_id) return false;  // recycled
  }
  return cur == &a;
}

}  // namespace hcc::rt
