// RUN: %omp-check %s
// Checks range-based for loops over containers creating tasks, with the element copied into a local first.
#include <cstdio>
#include <map>
#include <string>
#include <vector>
#include <omp.h>

struct Order {
  std::string item;
  int qty;
  long unitPrice;
};

int main() {
  std::vector<Order> orders = {
      {"apple", 3, 120}, {"pear", 5, 95}, {"plum", 12, 40}, {"fig", 1, 310}, {"kiwi", 7, 55}};
  std::map<std::string, long> totals;
  for (const Order &o : orders)
    totals[o.item] = 0;

  std::vector<int> numbers = {4, 8, 15, 16, 23, 42};
  long squares[6] = {0, 0, 0, 0, 0, 0};

#pragma omp parallel
#pragma omp single
  {
    // Range-for over a vector of structs: copy the element, then task on the copy.
    for (const Order &ref : orders) {
      Order o = ref;
      long *slot = &totals[o.item]; // map nodes are stable; each task owns one slot
#pragma omp task firstprivate(o, slot)
      *slot = o.qty * o.unitPrice;
    }
    // Range-for by value with an index kept alongside.
    int idx = 0;
    for (int n : numbers) {
      int value = n;
#pragma omp task firstprivate(value, idx) shared(squares)
      squares[idx] = static_cast<long>(value) * value;
      ++idx;
    }
    // Range-for over a map.
    for (const auto &kv : totals) {
      std::string name = kv.first;
#pragma omp task firstprivate(name)
      {
        std::string copy = name + "!";
        (void)copy;
      }
    }
  }

  long grand = 0;
  for (const auto &kv : totals) {
    std::printf("%-6s %ld\n", kv.first.c_str(), kv.second);
    grand += kv.second;
  }
  std::printf("grand total %ld\n", grand);
  for (int i = 0; i < 6; ++i)
    std::printf("%ld%s", squares[i], i == 5 ? "\n" : " ");
  return 0;
}
