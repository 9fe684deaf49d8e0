// OpenMP's device memory routines, and a target construct's thread limit,
// for the one device there is: the host (host_device.hpp). `target`
// constructs run on the host as libomp and libgomp run them without an
// offload device (clang compiles them so when no offload target is given:
// teams, parallel regions and tasks of this runtime); these routines then
// work on host memory, as libomptarget's and libgomp's do for the host. Any
// other device number is invalid: a null pointer or a non-zero return, as
// theirs.
//
// Instrumented and simulated programs' omp_target_alloc and omp_target_free
// are the runtime's allocation functions (drivers/hccsim redirects them, as
// malloc and free: rt/program/program_memory.cpp), which count and fold the
// blocks as the program's heap.
//
// The asynchronous routines wait for their dependences (depend objects)
// and copy at once, as an undeferred task would: the copy is done when they
// return, which a program cannot tell from a copy done later.
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "host_device.hpp"
#include "kmp.hpp"
#include "omp_state.hpp"
#include "small_vector.hpp"

extern "C" {
void __kmpc_omp_wait_deps(ident_t* loc, int32_t gtid, int32_t ndeps, kmp_depend_info_t* deps, int32_t ndeps_noalias,
                          kmp_depend_info_t* noalias);
}

namespace {

using hcc::rt::host_device;

// A depend object (omp_depend_t) points at its kmp_depend_info entries;
// clang writes their number into the base_addr of the entry before them.
void wait_for(int count, void** depobjs) {
  hcc::rt::SmallVector<kmp_depend_info_t, 8> deps;
  for (int i = 0; i < count; ++i) {
    const auto* info = static_cast<const kmp_depend_info_t*>(depobjs[i]);
    if (!info) continue;
    const intptr_t n = info[-1].base_addr;
    for (intptr_t k = 0; k < n; ++k) deps.push_back(info[k]);
  }
  if (!deps.empty()) __kmpc_omp_wait_deps(nullptr, 0, static_cast<int32_t>(deps.size()), deps.begin(), 0, nullptr);
}

// The rectangular copy of one dimension and those under it; `dims` is the
// number of dimensions from this one down.
void copy_rect(char* dst, const char* src, size_t element, int dims, const size_t* volume, const size_t* dst_offsets,
               const size_t* src_offsets, const size_t* dst_dims, const size_t* src_dims) {
  // The bytes one index of this dimension spans in each array.
  size_t dst_span = element, src_span = element;
  for (int d = 1; d < dims; ++d) {
    dst_span *= dst_dims[d];
    src_span *= src_dims[d];
  }
  dst += dst_offsets[0] * dst_span;
  src += src_offsets[0] * src_span;
  if (dims == 1) {
    std::memmove(dst, src, volume[0] * element);
    return;
  }
  for (size_t i = 0; i < volume[0]; ++i)
    copy_rect(dst + i * dst_span, src + i * src_span, element, dims - 1, volume + 1, dst_offsets + 1, src_offsets + 1,
              dst_dims + 1, src_dims + 1);
}

}  // namespace

extern "C" {

void* omp_target_alloc(size_t size, int device) { return host_device(device) ? std::malloc(size) : nullptr; }
void omp_target_free(void* p, int device) {
  if (host_device(device)) std::free(p);
}
int omp_target_is_present(const void*, int device) { return host_device(device); }
int omp_target_is_accessible(const void*, size_t, int device) { return host_device(device); }
void* omp_get_mapped_ptr(const void* p, int device) { return host_device(device) ? const_cast<void*>(p) : nullptr; }

// There is no device memory to associate host memory with.
int omp_target_associate_ptr(const void*, const void*, size_t, size_t, int) { return -1; }
int omp_target_disassociate_ptr(const void*, int) { return -1; }

int omp_target_memcpy(void* dst, const void* src, size_t length, size_t dst_offset, size_t src_offset, int dst_device,
                      int src_device) {
  if (!host_device(dst_device) || !host_device(src_device) || (length && (!dst || !src))) return -1;
  std::memmove(static_cast<char*>(dst) + dst_offset, static_cast<const char*>(src) + src_offset, length);
  return 0;
}

// With both arrays null: the most dimensions it copies (any number).
int omp_target_memcpy_rect(void* dst, const void* src, size_t element, int dims, const size_t* volume,
                           const size_t* dst_offsets, const size_t* src_offsets, const size_t* dst_dims,
                           const size_t* src_dims, int dst_device, int src_device) {
  if (!dst && !src) return INT32_MAX;
  if (!dst || !src || dims < 1 || !host_device(dst_device) || !host_device(src_device)) return -1;
  copy_rect(static_cast<char*>(dst), static_cast<const char*>(src), element, dims, volume, dst_offsets, src_offsets,
            dst_dims, src_dims);
  return 0;
}

int omp_target_memcpy_async(void* dst, const void* src, size_t length, size_t dst_offset, size_t src_offset,
                            int dst_device, int src_device, int depobj_count, void** depobjs) {
  if (!host_device(dst_device) || !host_device(src_device)) return -1;
  wait_for(depobj_count, depobjs);
  return omp_target_memcpy(dst, src, length, dst_offset, src_offset, dst_device, src_device);
}

int omp_target_memcpy_rect_async(void* dst, const void* src, size_t element, int dims, const size_t* volume,
                                 const size_t* dst_offsets, const size_t* src_offsets, const size_t* dst_dims,
                                 const size_t* src_dims, int dst_device, int src_device, int depobj_count,
                                 void** depobjs) {
  if (!dst && !src) return INT32_MAX;
  if (!host_device(dst_device) || !host_device(src_device)) return -1;
  wait_for(depobj_count, depobjs);
  return omp_target_memcpy_rect(dst, src, element, dims, volume, dst_offsets, src_offsets, dst_dims, src_dims,
                                dst_device, src_device);
}

void* omp_target_memset(void* p, int value, size_t count, int device) {
  if (!host_device(device) || !p) return nullptr;
  return std::memset(p, value, count);
}
void* omp_target_memset_async(void* p, int value, size_t count, int device, int depobj_count, void** depobjs) {
  if (!host_device(device) || !p) return nullptr;
  wait_for(depobj_count, depobjs);
  return std::memset(p, value, count);
}

// A target construct's thread_limit (OpenMP 5.1): the thread-limit-var of
// the undeferred task clang runs the region in.
void __kmpc_set_thread_limit(ident_t*, int32_t, int32_t limit) {
  hcc::omp::Context& c = hcc::omp::context(hcc::omp::state());
  c.thread_limit = limit > 0 ? limit : 0;
}

}  // extern "C"
