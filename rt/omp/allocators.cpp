// OpenMP memory allocators (omp_alloc and its family, omp_init_allocator):
// every memory space is host memory. An allocator made by
// omp_init_allocator keeps its traits: alignment, a pool size with its
// fallback (default allocator, null, abort, or another allocator). The
// predefined allocators (small handles: omp.h's enumerators) are the
// default one.
#include <malloc.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

#include "omp_state.hpp"

namespace {

// omp.h's traits, keys and values.
enum : int { kAlignment = 2, kPoolSize = 4, kFallback = 5, kFallbackData = 6 };
enum : uintptr_t { kDefaultFallback = 11, kNullFallback = 12, kAbortFallback = 13, kAllocatorFallback = 14 };

struct omp_alloctrait_t {
  int key;
  uintptr_t value;
};

struct Allocator {
  size_t alignment = 0;
  size_t pool = 0;  // 0: unlimited
  uintptr_t fallback = kDefaultFallback;
  uintptr_t fallback_allocator = 0;
  size_t in_use = 0;  // pool accounting, under g_mutex
};

// Handles above this are omp_init_allocator's (heap addresses); below, the
// predefined ones.
constexpr uintptr_t kPredefined = 1024;
std::mutex g_mutex;
std::unordered_map<void*, std::pair<Allocator*, size_t>> g_pooled;  // block -> allocator, bytes
uintptr_t g_default = 1;  // def-allocator-var (omp_default_mem_alloc)

Allocator* user(uintptr_t handle) { return handle >= kPredefined ? reinterpret_cast<Allocator*>(handle) : nullptr; }

void* aligned(size_t align, size_t size) {
  align = std::max(align, sizeof(void*));
  void* p = nullptr;
  return posix_memalign(&p, align, size) == 0 ? p : nullptr;
}

void* allocate(size_t align, size_t size, uintptr_t handle) {
  if (size == 0) return nullptr;  // as libomp: no block for no bytes (omp_free takes a null pointer)
  if (handle == 0) handle = g_default;
  Allocator* a = user(handle);
  if (!a) return aligned(align, size);
  align = std::max(align, a->alignment);
  if (a->pool) {
    std::lock_guard<std::mutex> lock(g_mutex);
    if (a->in_use + size <= a->pool) {
      void* p = aligned(align, size);
      if (p) {
        a->in_use += size;
        g_pooled[p] = {a, size};
      }
      return p;
    }
  } else {
    if (void* p = aligned(align, size)) return p;
  }
  switch (a->fallback) {
    case kNullFallback: return nullptr;
    case kAbortFallback:
      std::fprintf(stderr, "hccsim: omp_alloc: %zu bytes beyond the allocator's pool (fallback abort_fb)\n", size);
      std::abort();
    case kAllocatorFallback: return allocate(align, size, a->fallback_allocator);
    default: return aligned(align, size);
  }
}

void release(void* p) {
  if (!p) return;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto it = g_pooled.find(p);
    if (it != g_pooled.end()) {
      it->second.first->in_use -= it->second.second;
      g_pooled.erase(it);
    }
  }
  std::free(p);
}

}  // namespace

extern "C" {

uintptr_t omp_init_allocator(uintptr_t memspace, int ntraits, const omp_alloctrait_t* traits) {
  (void)memspace;  // every memory space is host memory
  auto* a = new Allocator;
  for (int i = 0; i < ntraits && traits; ++i) {
    const omp_alloctrait_t& t = traits[i];
    if (t.key == kAlignment) {
      if (t.value == 0 || (t.value & (t.value - 1)) != 0) {  // not a power of two: the allocator is invalid
        delete a;
        return 0;
      }
      a->alignment = t.value;
    } else if (t.key == kPoolSize) {
      a->pool = t.value;
    } else if (t.key == kFallback) {
      a->fallback = t.value;
    } else if (t.key == kFallbackData) {
      a->fallback_allocator = t.value;
    }
  }
  return reinterpret_cast<uintptr_t>(a);
}

void omp_destroy_allocator(uintptr_t handle) { delete user(handle); }

void* omp_alloc(size_t size, uintptr_t a) { return allocate(0, size, a); }
void* omp_aligned_alloc(size_t align, size_t size, uintptr_t a) { return allocate(align, size, a); }
void* omp_calloc(size_t n, size_t size, uintptr_t a) {
  if (size && n > SIZE_MAX / size) return nullptr;
  void* p = allocate(0, n * size, a);
  if (p) std::memset(p, 0, n * size);
  return p;
}
void* omp_aligned_calloc(size_t align, size_t n, size_t size, uintptr_t a) {
  if (size && n > SIZE_MAX / size) return nullptr;
  void* p = allocate(align, n * size, a);
  if (p) std::memset(p, 0, n * size);
  return p;
}
void* omp_realloc(void* ptr, size_t size, uintptr_t a, uintptr_t) {
  if (!ptr) return omp_alloc(size, a);
  if (size == 0) {
    release(ptr);
    return nullptr;
  }
  void* q = allocate(0, size, a);
  if (!q) return nullptr;
  std::memcpy(q, ptr, std::min(size, malloc_usable_size(ptr)));
  release(ptr);
  return q;
}
void omp_free(void* ptr, uintptr_t) { release(ptr); }
uintptr_t omp_get_default_allocator(void) { return g_default; }
void omp_set_default_allocator(uintptr_t a) { g_default = a ? a : 1; }

void* __kmpc_alloc(int32_t, size_t size, uintptr_t a) { return omp_alloc(size, a); }
void* __kmpc_aligned_alloc(int32_t, size_t align, size_t size, uintptr_t a) { return omp_aligned_alloc(align, size, a); }
void* __kmpc_calloc(int32_t, size_t n, size_t size, uintptr_t a) { return omp_calloc(n, size, a); }
void* __kmpc_realloc(int32_t, void* ptr, size_t size, uintptr_t a, uintptr_t f) { return omp_realloc(ptr, size, a, f); }
void __kmpc_free(int32_t, void* ptr, uintptr_t) { release(ptr); }

}  // extern "C"
