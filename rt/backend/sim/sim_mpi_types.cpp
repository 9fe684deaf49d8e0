// The derived datatypes of a simulated program: each constructor makes
// SMPI's type and records its layout (type_layout.hpp), which the
// simulation's MPI-IO lays its file views out with (sim_mpi_io.cpp), and
// what made it (sim_mpi_type_envelopes.cpp).
// MPI_Type_create_subarray and MPI_Type_create_darray are made here from
// SMPI's hindexed and resized types: SMPI's own subarray has the extent of
// one element, so two of them in a message overlapped (the second one
// element after the first) and MPI_Type_get_extent said 8 bytes for a
// 3840-byte array of doubles.
// Every other derived type is resized to step by its extent (stepped).
// sim_mpi_io.cpp's use of layout_of links this object with it.
#include <smpi/smpi.h>

#include <algorithm>
#include <map>
#include <vector>

#include "sim_mpi.hpp"
#include "sim_mpi_types.hpp"

namespace {

using hcc::rt::LayoutPtr;
using hcc::rt::TypeLayout;
using Blocks = std::vector<TypeLayout::Block>;

std::map<MPI_Datatype, LayoutPtr>& layouts() {
  static std::map<MPI_Datatype, LayoutPtr> recorded;
  return recorded;
}

// SMPI's type, stepped by MPI's extent. SMPI places the copies of a
// derived type after the first where its last block ends (an indexed type
// whose blocks are not in increasing order, a type whose lower bound is
// not 0), steps a vector of a derived type by the type's size, not its
// extent, and leaves the padding out of a struct's extent (an array of 4
// C structs {int; double[3]; float} sent with the struct type arrived
// scrambled from the second on). Resized to [0, extent), a type's copies
// are SMPI's resized struct's, one extent apart, each laid out by SMPI's
// type from the buffer's start; MPI's bounds are answered from the layout
// (MPI_Type_get_extent, below).
// SMPI's resized type is a struct with MPI_LB and MPI_UB markers, which
// its accumulate functions apply the operation to (sim_mpi_accumulate.cpp):
// the type before it was resized is kept, committed, for them.
std::map<MPI_Datatype, MPI_Datatype>& unstepped() {
  static std::map<MPI_Datatype, MPI_Datatype> before;
  return before;
}

MPI_Datatype stepped(MPI_Datatype type, const TypeLayout& layout) {
  // A type of no bytes stays SMPI's: resized, its copies divided by its size
  // (SIGFPE in MPI_Alltoallv, MPICH's coll/alltoallw_zeros).
  if (layout.size() == 0) return type;
  MPI_Datatype resized;
  PMPI_Type_create_resized(type, 0, layout.extent(), &resized);
  PMPI_Type_commit(&type);
  unstepped()[resized] = type;
  return resized;
}

// Records the layout of the type a constructor made (none when a type it
// was made of has none), SMPI's type stepped by its extent.
int made(int rc, MPI_Datatype* newtype, const Blocks& blocks, bool pad = false) {
  if (rc != MPI_SUCCESS) return rc;
  for (const TypeLayout::Block& b : blocks)
    if (!b.type) return rc;
  const LayoutPtr layout = TypeLayout::blocks(blocks, pad);
  *newtype = stepped(*newtype, *layout);
  layouts()[*newtype] = layout;
  return rc;
}

int64_t extent_of(const LayoutPtr& t) { return t ? t->extent() : 0; }

using hcc::rt::Envelope;
using hcc::rt::record_envelope;

// A constructor's integers: those given, then n of each array.
std::vector<int> integers(std::initializer_list<int> first, int n = 0, std::initializer_list<const int*> arrays = {}) {
  std::vector<int> all(first);
  for (const int* a : arrays) all.insert(all.end(), a, a + n);
  return all;
}

// A vector's blocks: count rows of blocklength copies of t, `stride` bytes
// apart, as one block of strided rows.
Blocks strided(int count, int blocklength, int64_t stride, const LayoutPtr& t) {
  if (!t) return {{0, count, nullptr}};
  return {{0, count, TypeLayout::blocks({{0, blocklength, t}}), stride}};
}

// The elements of an array whose indices lie in each dimension's ranges
// (C order: the last dimension varies fastest), as SMPI's hindexed types
// (a row's ranges of elements, then each dimension's rows, one stride of the
// whole array apart), resized to the whole array: MPI_Type_create_subarray
// and MPI_Type_create_darray, as MPI defines them.
int make_selection(const std::vector<int64_t>& sizes, const std::vector<TypeLayout::Ranges>& ranges, MPI_Datatype old,
                   MPI_Datatype* newtype) {
  const LayoutPtr element = hcc::rt::layout_of(old);
  MPI_Aint lb = 0, extent = 0;
  PMPI_Type_get_extent(old, &lb, &extent);
  if (element) extent = element->extent();
  MPI_Datatype t = old;
  MPI_Aint stride = extent;
  for (size_t d = sizes.size(); d-- > 0;) {
    std::vector<int> lengths;
    std::vector<MPI_Aint> displacements;
    for (const auto& [first, count] : ranges[d]) {
      if (t == old) {  // the innermost dimension: ranges of contiguous elements
        lengths.push_back(static_cast<int>(count));
        displacements.push_back(first * stride);
      } else {
        for (int64_t i = 0; i < count; ++i) {
          lengths.push_back(1);
          displacements.push_back((first + i) * stride);
        }
      }
    }
    MPI_Datatype rows;
    PMPI_Type_create_hindexed(static_cast<int>(lengths.size()), lengths.data(), displacements.data(), t, &rows);
    if (t != old) PMPI_Type_free(&t);
    t = rows;
    stride *= sizes[d];
  }
  const int rc = PMPI_Type_create_resized(t, 0, stride, newtype);
  PMPI_Type_free(&t);
  if (rc == MPI_SUCCESS && element) layouts()[*newtype] = TypeLayout::selection(sizes, ranges, element);
  return rc;
}

// Dimensions in C order: a Fortran array's reversed.
template <class T>
std::vector<int64_t> in_c_order(int ndims, const T* values, int order) {
  std::vector<int64_t> v;
  for (int d = 0; d < ndims; ++d) v.push_back(values[order == MPI_ORDER_FORTRAN ? ndims - 1 - d : d]);
  return v;
}

int make_subarray(int ndims, const int* sizes, const int* subsizes, const int* starts, int order, MPI_Datatype old,
                  MPI_Datatype* newtype) {
  if (ndims <= 0 || !sizes || !subsizes || !starts) return MPI_ERR_ARG;
  const std::vector<int64_t> n = in_c_order(ndims, sizes, order), sub = in_c_order(ndims, subsizes, order),
                             start = in_c_order(ndims, starts, order);
  std::vector<TypeLayout::Ranges> ranges;
  for (int d = 0; d < ndims; ++d) {
    if (sub[d] < 0 || start[d] < 0 || start[d] + sub[d] > n[d]) return MPI_ERR_ARG;
    ranges.push_back({{start[d], sub[d]}});
  }
  return make_selection(n, ranges, old, newtype);
}

// A process's indices along one dimension of a distributed array: blocks
// of `block` indices dealt to the `procs` processes in turn from the
// first (MPI_DISTRIBUTE_BLOCK: one block each, MPI_DISTRIBUTE_CYCLIC:
// round after round); `coord` is the process's place among them.
TypeLayout::Ranges dealt(int64_t size, int64_t procs, int64_t coord, int64_t block) {
  TypeLayout::Ranges ranges;
  for (int64_t first = coord * block; first < size; first += procs * block)
    ranges.push_back({first, std::min(block, size - first)});
  return ranges;
}

int make_darray(int size, int rank, int ndims, const int* gsizes, const int* distribs, const int* dargs,
                const int* psizes, int order, MPI_Datatype old, MPI_Datatype* newtype) {
  if (ndims <= 0 || !gsizes || !distribs || !dargs || !psizes || rank < 0 || rank >= size) return MPI_ERR_ARG;
  // The process's coordinates in its grid, in row-major order whatever the
  // array's order, as MPI says.
  std::vector<int64_t> coords(static_cast<size_t>(ndims));
  int64_t rest = rank, procs = 1;
  for (int d = ndims; d-- > 0;) {
    coords[static_cast<size_t>(d)] = rest % psizes[d];
    rest /= psizes[d];
    procs *= psizes[d];
  }
  if (procs != size) return MPI_ERR_ARG;
  std::vector<TypeLayout::Ranges> ranges;
  for (int d = 0; d < ndims; ++d) {
    const int64_t g = gsizes[d], p = psizes[d];
    // SMPI's MPI_DISTRIBUTE_DFLT_DARG is 3, so an argument of 3 is the default.
    const bool dflt = dargs[d] == MPI_DISTRIBUTE_DFLT_DARG;
    if (distribs[d] == MPI_DISTRIBUTE_NONE) {
      if (p != 1) return MPI_ERR_ARG;
      ranges.push_back({{0, g}});
    } else if (distribs[d] == MPI_DISTRIBUTE_BLOCK) {
      const int64_t block = dflt ? (g + p - 1) / p : dargs[d];
      if (block * p < g) return MPI_ERR_ARG;
      ranges.push_back(dealt(g, p, coords[static_cast<size_t>(d)], block));
    } else if (distribs[d] == MPI_DISTRIBUTE_CYCLIC) {
      ranges.push_back(dealt(g, p, coords[static_cast<size_t>(d)], dflt ? 1 : dargs[d]));
    } else {
      return MPI_ERR_ARG;
    }
  }
  if (order == MPI_ORDER_FORTRAN) std::reverse(ranges.begin(), ranges.end());
  return make_selection(in_c_order(ndims, gsizes, order), ranges, old, newtype);
}

}  // namespace

namespace hcc::rt {

bool predefined(MPI_Datatype type) {
  int integers = 0, addresses = 0, types = 0, combiner = 0;
  PMPI_Type_get_envelope(type, &integers, &addresses, &types, &combiner);
  return combiner == MPI_COMBINER_NAMED;
}

LayoutPtr layout_of(MPI_Datatype type) {
  if (auto it = layouts().find(type); it != layouts().end()) return it->second;
  int size = 0;
  if (!predefined(type) || PMPI_Type_size(type, &size) != MPI_SUCCESS) return nullptr;
  return layouts()[type] = TypeLayout::named(size);
}

int duplicate_type(MPI_Datatype type, MPI_Datatype* copy) {
  const int rc = PMPI_Type_dup(type, copy);
  if (const LayoutPtr t = layout_of(type); rc == MPI_SUCCESS && t) layouts()[*copy] = t;
  return record_envelope(rc, copy, Envelope{MPI_COMBINER_DUP, {}, {}, {type}});
}

int free_type(MPI_Datatype* type) {
  const MPI_Datatype freed = type ? *type : MPI_DATATYPE_NULL;
  const int rc = PMPI_Type_free(type);
  if (rc != MPI_SUCCESS) return rc;
  layouts().erase(freed);
  forget_envelope(freed);
  if (const auto it = unstepped().find(freed); it != unstepped().end()) {
    PMPI_Type_free(&it->second);
    unstepped().erase(it);
  }
  return rc;
}

MPI_Datatype accumulated_type(MPI_Datatype type, int count) {
  const auto it = unstepped().find(type);
  if (it == unstepped().end()) return type;
  if (count == 1) return it->second;
  MPI_Aint lb = 0, extent = 0, raw_lb = 0, raw_extent = 0;
  PMPI_Type_get_extent(type, &lb, &extent);
  PMPI_Type_get_extent(it->second, &raw_lb, &raw_extent);
  return raw_lb == 0 && raw_extent == extent ? it->second : type;
}

}  // namespace hcc::rt

using hcc::rt::layout_of;

extern "C" {

int MPI_Type_contiguous(int count, MPI_Datatype old, MPI_Datatype* newtype) {
  HCC_MPI_ENTRY("MPI_Type_contiguous",
                record_envelope(made(PMPI_Type_contiguous(count, old, newtype), newtype, {{0, count, layout_of(old)}}),
                                newtype, Envelope{MPI_COMBINER_CONTIGUOUS, {count}, {}, {old}}));
}

int MPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype old, MPI_Datatype* newtype) {
  HCC_MPI_ENTRY("MPI_Type_vector", [&] {
    const LayoutPtr t = layout_of(old);
    return record_envelope(made(PMPI_Type_vector(count, blocklength, stride, old, newtype), newtype,
                                strided(count, blocklength, int64_t{stride} * extent_of(t), t)),
                           newtype, Envelope{MPI_COMBINER_VECTOR, {count, blocklength, stride}, {}, {old}});
  }());
}

int MPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype old, MPI_Datatype* newtype) {
  HCC_MPI_ENTRY("MPI_Type_create_hvector", [&] {
    // PMPI_Type_hvector: SMPI's PMPI_Type_create_hvector calls MPI_Type_hvector, this file's.
    return record_envelope(made(PMPI_Type_hvector(count, blocklength, stride, old, newtype), newtype,
                                strided(count, blocklength, stride, layout_of(old))),
                           newtype, Envelope{MPI_COMBINER_HVECTOR, {count, blocklength}, {stride}, {old}});
  }());
}

int MPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype old, MPI_Datatype* newtype) {
  return MPI_Type_create_hvector(count, blocklength, stride, old, newtype);
}

int MPI_Type_indexed(int count, const int* blocklengths, const int* displacements, MPI_Datatype old,
                     MPI_Datatype* newtype) {
  HCC_MPI_ENTRY("MPI_Type_indexed", [&] {
    const LayoutPtr t = layout_of(old);
    Blocks b;
    for (int i = 0; i < count; ++i) b.push_back({int64_t{displacements[i]} * extent_of(t), blocklengths[i], t});
    return record_envelope(made(PMPI_Type_indexed(count, blocklengths, displacements, old, newtype), newtype, b),
                           newtype,
                           Envelope{MPI_COMBINER_INDEXED, integers({count}, count, {blocklengths, displacements}), {},
                                    {old}});
  }());
}

int MPI_Type_create_indexed(int count, const int* blocklengths, const int* displacements, MPI_Datatype old,
                            MPI_Datatype* newtype) {
  return MPI_Type_indexed(count, blocklengths, displacements, old, newtype);
}

int MPI_Type_create_hindexed(int count, const int* blocklengths, const MPI_Aint* displacements, MPI_Datatype old,
                             MPI_Datatype* newtype) {
  HCC_MPI_ENTRY("MPI_Type_create_hindexed", [&] {
    Blocks b;
    for (int i = 0; i < count; ++i) b.push_back({displacements[i], blocklengths[i], layout_of(old)});
    return record_envelope(
        made(PMPI_Type_create_hindexed(count, blocklengths, displacements, old, newtype), newtype, b), newtype,
        Envelope{MPI_COMBINER_HINDEXED, integers({count}, count, {blocklengths}),
                 {displacements, displacements + count}, {old}});
  }());
}

int MPI_Type_hindexed(int count, const int* blocklengths, const MPI_Aint* displacements, MPI_Datatype old,
                      MPI_Datatype* newtype) {
  return MPI_Type_create_hindexed(count, blocklengths, displacements, old, newtype);
}

int MPI_Type_create_indexed_block(int count, int blocklength, const int* displacements, MPI_Datatype old,
                                  MPI_Datatype* newtype) {
  HCC_MPI_ENTRY("MPI_Type_create_indexed_block", [&] {
    const LayoutPtr t = layout_of(old);
    Blocks b;
    for (int i = 0; i < count; ++i) b.push_back({int64_t{displacements[i]} * extent_of(t), blocklength, t});
    return record_envelope(
        made(PMPI_Type_create_indexed_block(count, blocklength, displacements, old, newtype), newtype, b), newtype,
        Envelope{MPI_COMBINER_INDEXED_BLOCK, integers({count, blocklength}, count, {displacements}), {}, {old}});
  }());
}

int MPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint* displacements, MPI_Datatype old,
                                   MPI_Datatype* newtype) {
  HCC_MPI_ENTRY("MPI_Type_create_hindexed_block", [&] {
    Blocks b;
    for (int i = 0; i < count; ++i) b.push_back({displacements[i], blocklength, layout_of(old)});
    return record_envelope(
        made(PMPI_Type_create_hindexed_block(count, blocklength, displacements, old, newtype), newtype, b), newtype,
        Envelope{MPI_COMBINER_HINDEXED_BLOCK, {count, blocklength}, {displacements, displacements + count}, {old}});
  }());
}

int MPI_Type_create_struct(int count, const int* blocklengths, const MPI_Aint* displacements,
                           const MPI_Datatype* types, MPI_Datatype* newtype) {
  HCC_MPI_ENTRY("MPI_Type_create_struct", [&] {
    Blocks b;
    for (int i = 0; i < count; ++i) b.push_back({displacements[i], blocklengths[i], layout_of(types[i])});
    return record_envelope(
        made(PMPI_Type_create_struct(count, blocklengths, displacements, types, newtype), newtype, b, true), newtype,
        Envelope{MPI_COMBINER_STRUCT, integers({count}, count, {blocklengths}), {displacements, displacements + count},
                 {types, types + count}});
  }());
}

int MPI_Type_struct(int count, const int* blocklengths, const MPI_Aint* displacements, const MPI_Datatype* types,
                    MPI_Datatype* newtype) {
  return MPI_Type_create_struct(count, blocklengths, displacements, types, newtype);
}

int MPI_Type_create_resized(MPI_Datatype old, MPI_Aint lb, MPI_Aint extent, MPI_Datatype* newtype) {
  HCC_MPI_ENTRY("MPI_Type_create_resized", [&] {
    // SMPI's resized type steps by lb + extent: [0, extent) steps by the
    // extent; MPI's lower bound is answered from the layout.
    const LayoutPtr t = layout_of(old);
    const int rc = PMPI_Type_create_resized(old, t ? 0 : lb, extent, newtype);
    if (rc == MPI_SUCCESS && t) layouts()[*newtype] = TypeLayout::resized(t, lb, extent);
    return record_envelope(rc, newtype, Envelope{MPI_COMBINER_RESIZED, {}, {lb, extent}, {old}});
  }());
}

int MPI_Type_create_subarray(int ndims, const int* sizes, const int* subsizes, const int* starts, int order,
                             MPI_Datatype old, MPI_Datatype* newtype) {
  std::vector<int> arguments = integers({ndims}, ndims, {sizes, subsizes, starts});
  arguments.push_back(order);
  HCC_MPI_ENTRY("MPI_Type_create_subarray",
                record_envelope(make_subarray(ndims, sizes, subsizes, starts, order, old, newtype), newtype,
                                Envelope{MPI_COMBINER_SUBARRAY, std::move(arguments), {}, {old}}));
}

// SMPI declares the arrays without const.
int MPI_Type_create_darray(int size, int rank, int ndims, int* gsizes, int* distribs, int* dargs, int* psizes,
                           int order, MPI_Datatype old, MPI_Datatype* newtype) {
  std::vector<int> arguments = integers({size, rank, ndims}, ndims, {gsizes, distribs, dargs, psizes});
  arguments.push_back(order);
  HCC_MPI_ENTRY("MPI_Type_create_darray",
                record_envelope(make_darray(size, rank, ndims, gsizes, distribs, dargs, psizes, order, old, newtype),
                                newtype, Envelope{MPI_COMBINER_DARRAY, std::move(arguments), {}, {old}}));
}

int MPI_Type_dup(MPI_Datatype type, MPI_Datatype* newtype) {
  HCC_MPI_ENTRY("MPI_Type_dup", hcc::rt::duplicate_type(type, newtype));
}

int MPI_Type_free(MPI_Datatype* type) { HCC_MPI_ENTRY("MPI_Type_free", hcc::rt::free_type(type)); }

// The predefined elements a receive got (SMPI stops the simulation: "Not
// yet implemented"); MPI_UNDEFINED where the bytes end inside one.
int MPI_Get_elements_x(MPI_Status* status, MPI_Datatype type, MPI_Count* elements) {
  int bytes = 0;
  const LayoutPtr t = layout_of(type);
  if (!t || !status || PMPI_Get_count(status, MPI_BYTE, &bytes) != MPI_SUCCESS) return MPI_ERR_TYPE;
  const int64_t n = t->elements_in(bytes);
  *elements = n < 0 ? MPI_UNDEFINED : n;
  return MPI_SUCCESS;
}

int MPI_Get_elements(MPI_Status* status, MPI_Datatype type, int* elements) {
  MPI_Count n = 0;
  const int rc = MPI_Get_elements_x(status, type, &n);
  if (rc == MPI_SUCCESS) *elements = static_cast<int>(n);
  return rc;
}

// The predefined type of a class and size (SMPI: "Not yet implemented").
int MPI_Type_match_size(int typeclass, int size, MPI_Datatype* type) {
  const MPI_Datatype found = typeclass == MPI_TYPECLASS_REAL    ? (size == 4   ? MPI_FLOAT
                                                                   : size == 8  ? MPI_DOUBLE
                                                                   : size == 16 ? MPI_LONG_DOUBLE
                                                                                : MPI_DATATYPE_NULL)
                             : typeclass == MPI_TYPECLASS_INTEGER ? (size == 1  ? MPI_INT8_T
                                                                   : size == 2  ? MPI_INT16_T
                                                                   : size == 4  ? MPI_INT32_T
                                                                   : size == 8  ? MPI_INT64_T
                                                                                : MPI_DATATYPE_NULL)
                             : typeclass == MPI_TYPECLASS_COMPLEX ? (size == 8  ? MPI_C_FLOAT_COMPLEX
                                                                   : size == 16 ? MPI_C_DOUBLE_COMPLEX
                                                                                : MPI_DATATYPE_NULL)
                                                                  : MPI_DATATYPE_NULL;
  if (found == MPI_DATATYPE_NULL) return MPI_ERR_ARG;
  *type = found;
  return MPI_SUCCESS;
}

// MPI's bounds of a type, from its layout: SMPI's are [0, extent) for the
// types above (stepped), and were wrong before (a struct's padding, a
// negative stride, a subarray).
int MPI_Type_get_extent_x(MPI_Datatype type, MPI_Count* lb, MPI_Count* extent) {
  const LayoutPtr t = layout_of(type);
  if (!t) return PMPI_Type_get_extent_x(type, lb, extent);
  *lb = t->lb();
  *extent = t->extent();
  return MPI_SUCCESS;
}

int MPI_Type_get_extent(MPI_Datatype type, MPI_Aint* lb, MPI_Aint* extent) {
  const LayoutPtr t = layout_of(type);
  if (!t) return PMPI_Type_get_extent(type, lb, extent);
  *lb = t->lb();
  *extent = t->extent();
  return MPI_SUCCESS;
}

int MPI_Type_extent(MPI_Datatype type, MPI_Aint* extent) {
  MPI_Aint lb = 0;
  return MPI_Type_get_extent(type, &lb, extent);
}

int MPI_Type_lb(MPI_Datatype type, MPI_Aint* lb) {
  MPI_Aint extent = 0;
  return MPI_Type_get_extent(type, lb, &extent);
}

int MPI_Type_ub(MPI_Datatype type, MPI_Aint* ub) {
  MPI_Aint lb = 0, extent = 0;
  const int rc = MPI_Type_get_extent(type, &lb, &extent);
  *ub = lb + extent;
  return rc;
}

// Where the data lies, as MPI defines it: SMPI answers a resized type's
// bounds (a subarray's true extent was the whole array's).
int MPI_Type_get_true_extent(MPI_Datatype type, MPI_Aint* true_lb, MPI_Aint* true_extent) {
  const LayoutPtr t = layout_of(type);
  if (!t) return PMPI_Type_get_true_extent(type, true_lb, true_extent);
  *true_lb = t->true_lb();
  *true_extent = t->true_extent();
  return MPI_SUCCESS;
}

int MPI_Type_get_true_extent_x(MPI_Datatype type, MPI_Count* true_lb, MPI_Count* true_extent) {
  const LayoutPtr t = layout_of(type);
  if (!t) return PMPI_Type_get_true_extent_x(type, true_lb, true_extent);
  *true_lb = t->true_lb();
  *true_extent = t->true_extent();
  return MPI_SUCCESS;
}

}  // extern "C"
