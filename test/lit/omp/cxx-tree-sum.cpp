// RUN: %omp-check %s
// Checks a recursive tree sum over a binary tree of std::unique_ptr nodes using tasks in member functions.
#include <cstdio>
#include <memory>
#include <omp.h>

struct Node {
  long value;
  std::unique_ptr<Node> left, right;
  explicit Node(long v) : value(v) {}

  // Builds a complete tree of the given depth with values by heap index.
  static std::unique_ptr<Node> build(int depth, long index) {
    auto n = std::make_unique<Node>(index);
    if (depth > 0) {
      Node *raw = n.get();
#pragma omp task firstprivate(raw, depth, index)
      raw->left = build(depth - 1, 2 * index);
#pragma omp task firstprivate(raw, depth, index)
      raw->right = build(depth - 1, 2 * index + 1);
#pragma omp taskwait
    }
    return n;
  }

  long sum() const {
    long l = 0, r = 0;
    if (left) {
#pragma omp task shared(l)
      l = left->sum();
    }
    if (right) {
#pragma omp task shared(r)
      r = right->sum();
    }
#pragma omp taskwait
    return value + l + r;
  }

  int depth() const {
    int dl = 0, dr = 0;
#pragma omp task shared(dl) if (left != nullptr)
    dl = left ? left->depth() : 0;
#pragma omp task shared(dr) if (right != nullptr)
    dr = right ? right->depth() : 0;
#pragma omp taskwait
    return 1 + (dl > dr ? dl : dr);
  }
};

int main() {
  std::unique_ptr<Node> root;
  long total = 0;
  int d = 0;
#pragma omp parallel
#pragma omp single
  {
    root = Node::build(11, 1);
    total = root->sum();
    d = root->depth();
  }
  long nodes = (1L << 12) - 1;
  std::printf("depth %d, sum %ld (expected %ld)\n", d, total, nodes * (nodes + 1) / 2);
  std::printf("leftmost leaf value: %ld\n", [&] {
    const Node *n = root.get();
    while (n->left)
      n = n->left.get();
    return n->value;
  }());
  return 0;
}
