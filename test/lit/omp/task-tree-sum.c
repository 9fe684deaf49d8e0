// RUN: %omp-check %s
// Recursive traversal of a binary tree with one task per subtree: sum, node count and depth computed through shared results and taskwait.
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

struct node {
  int value;
  struct node *left, *right;
};

static struct node *build(int lo, int hi) {
  if (lo > hi)
    return NULL;
  int mid = lo + (hi - lo) / 3; /* unbalanced on purpose */
  struct node *n = malloc(sizeof *n);
  n->value = mid % 97;
  n->left = build(lo, mid - 1);
  n->right = build(mid + 1, hi);
  return n;
}

struct stats { long sum; int count, depth; };

static struct stats walk(struct node *n) {
  struct stats r = {0, 0, 0};
  if (!n)
    return r;
  struct stats l, rr;
#pragma omp task shared(l) firstprivate(n) if(n->left != NULL)
  l = walk(n->left);
#pragma omp task shared(rr) firstprivate(n) if(n->right != NULL)
  rr = walk(n->right);
#pragma omp taskwait
  r.sum = l.sum + rr.sum + n->value;
  r.count = l.count + rr.count + 1;
  r.depth = 1 + (l.depth > rr.depth ? l.depth : rr.depth);
  return r;
}

/* post-order increment of every value through tasks, no return values */
static void bump(struct node *n) {
  if (!n)
    return;
#pragma omp task firstprivate(n)
  bump(n->left);
#pragma omp task firstprivate(n)
  bump(n->right);
  n->value += 1; /* each node is written by exactly one task */
}

static void destroy(struct node *n) {
  if (!n)
    return;
  destroy(n->left);
  destroy(n->right);
  free(n);
}

int main(void) {
  struct node *root = build(0, 4999);
  struct stats s1, s2;
#pragma omp parallel
#pragma omp single
  {
    s1 = walk(root);
#pragma omp taskgroup
    bump(root);
    s2 = walk(root);
  }
  printf("sum %ld count %d depth %d\n", s1.sum, s1.count, s1.depth);
  printf("after bump sum %ld ok %d\n", s2.sum, s2.sum == s1.sum + s1.count);
  destroy(root);
  return 0;
}
