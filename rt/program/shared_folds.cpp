#include "shared_folds.hpp"

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "folded_memory.hpp"

namespace hcc::rt {
namespace {

struct SharedRange {
  void* range = nullptr;
  size_t bytes = 0;  // of the range
  std::map<int, size_t> holders;  // rank -> the bytes it asked for
  std::pair<std::string, uint64_t> key;
};

struct SharedFolds {
  std::mutex mutex;
  std::map<std::pair<std::string, uint64_t>, SharedRange*> by_key;  // (site, k)
  std::map<void*, SharedRange*> by_range;
  std::map<std::pair<int, std::string>, uint64_t> allocations;  // (rank, site) -> allocations so far
};

// Never destroyed: the program frees until the process ends.
SharedFolds& folds() {
  static auto* f = new SharedFolds;
  return *f;
}

// Whether any range was ever shared: a release of the program asks here only then.
std::atomic<bool> any_shared{false};

}  // namespace

void* shared_fold_acquire(const char* site, int rank, size_t bytes) {
  SharedFolds& f = folds();
  std::lock_guard<std::mutex> lock(f.mutex);
  const uint64_t k = f.allocations[{rank, site}]++;
  const std::pair<std::string, uint64_t> key{site, k};
  SharedRange*& shared = f.by_key[key];
  // A rank asking for more than the range holds (its arrays sized by its
  // rank) gets a range of its own size, which the next ranks share; the
  // smaller one lives on for its holders (by_range).
  if (!shared || shared->bytes < bytes) {
    void* range = fold_allocate(bytes);
    if (!range) return nullptr;
    shared = new SharedRange{range, bytes, {}, key};
    f.by_range[range] = shared;
    any_shared.store(true, std::memory_order_release);
  }
  shared->holders[rank] = bytes;
  return shared->range;
}

bool shared_fold_holds(void* p) {
  if (!any_shared.load(std::memory_order_acquire)) return false;
  SharedFolds& f = folds();
  std::lock_guard<std::mutex> lock(f.mutex);
  return f.by_range.count(p) > 0;
}

bool shared_fold_release(void* p, int rank, size_t& bytes) {
  if (!any_shared.load(std::memory_order_acquire)) return false;
  SharedFolds& f = folds();
  std::lock_guard<std::mutex> lock(f.mutex);
  auto it = f.by_range.find(p);
  if (it == f.by_range.end()) return false;
  SharedRange* shared = it->second;
  // A rank frees what it allocated; should another free it (a pointer sent
  // through the simulation's shared memory), one holder lets go.
  auto holder = shared->holders.find(rank);
  if (holder == shared->holders.end()) holder = shared->holders.begin();
  bytes = holder->second;
  shared->holders.erase(holder);
  if (!shared->holders.empty()) return true;
  auto keyed = f.by_key.find(shared->key);
  if (keyed != f.by_key.end() && keyed->second == shared) f.by_key.erase(keyed);
  f.by_range.erase(it);
  fold_release(shared->range, shared->bytes);
  delete shared;
  return true;
}

}  // namespace hcc::rt
