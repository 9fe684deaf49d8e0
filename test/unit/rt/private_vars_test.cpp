// Privatised variables (private_vars.cpp): a rank's image holds each
// registered variable where its original lies plus the rank's shift,
// starting from the bytes the original had when registered (not what
// start-up code wrote since), zero pages for a zero original, C++
// dynamic initialisers run per rank in registration order and destroyed in
// reverse; two ranks' copies are apart; HCC_PRIVATE reaches the copy of the
// rank whose shift is set.
#include <gtest/gtest.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <string>
#include <vector>

#include "hcc/hcc.h"
#include "private_vars.hpp"

int* private_vars_library_counter();  // private_vars_library.cpp

namespace {

int counter = 5;
double table[1024];
std::string label;  // constructed per rank by label_init
std::vector<std::string> events;

void label_init(void* p) {
  new (p) std::string("rank copy of " + std::to_string(HCC_PRIVATE(counter)));
  events.push_back("init");
}
void label_destroy(void* p) {
  static_cast<std::string*>(p)->~basic_string();
  events.push_back("destroy");
}

hcc_private_var counter_var = {&counter, sizeof counter, nullptr, nullptr, "test: counter"};
hcc_private_var table_var = {table, sizeof table, nullptr, nullptr, "test: table"};
hcc_private_var label_var = {&label, sizeof label, label_init, label_destroy, "test: label"};

TEST(PrivateVars, EachRankHasItsImage) {
  hcc_private_var* const vars[] = {&counter_var, &table_var, &label_var};
  hcc_private_register(vars, 3);
  counter = 7;  // start-up code after registration: not what ranks start from
  table[3] = 1.5;

  hcc::rt::Rank a, b;
  hcc::rt::make_privates(a);
  hcc::rt::make_privates(b);
  ASSERT_FALSE(a.private_images.empty());
  ASSERT_NE(a.private_shift, b.private_shift);
  EXPECT_EQ(events, (std::vector<std::string>{"init", "init"}));

  hcc_private_shift = reinterpret_cast<char*>(a.private_shift);
  EXPECT_EQ(HCC_PRIVATE(counter), 5);
  EXPECT_EQ(HCC_PRIVATE(table)[3], 0.0);  // a zero original: fresh zero pages
  EXPECT_EQ(HCC_PRIVATE(label), "rank copy of 5");
  HCC_PRIVATE(counter) = 11;
  HCC_PRIVATE(table)[3] = 2.5;

  hcc_private_shift = reinterpret_cast<char*>(b.private_shift);
  EXPECT_EQ(HCC_PRIVATE(counter), 5);
  EXPECT_EQ(HCC_PRIVATE(table)[3], 0.0);
  hcc_private_shift = nullptr;
  EXPECT_EQ(counter, 7);  // the originals
  EXPECT_EQ(table[3], 1.5);

  hcc_private_shift = reinterpret_cast<char*>(a.private_shift);
  EXPECT_EQ(HCC_PRIVATE(counter), 11);
  EXPECT_EQ(HCC_PRIVATE(table)[3], 2.5);
  hcc_private_shift = nullptr;

  hcc::rt::release_privates(a);
  hcc::rt::release_privates(b);
  EXPECT_TRUE(a.private_images.empty());
  EXPECT_EQ(events, (std::vector<std::string>{"init", "init", "destroy", "destroy"}));
}

// Large zero-initialised arrays: registering one does not read its pages
// that nothing touched (a read maps them to the zero page and makes the
// program's first write to each a copy, charged in simulation); an array
// with a page written before registration is read, and the copies start
// from it.
double untouched[1 << 17];  // 1 MiB
double written[1 << 17];
hcc_private_var untouched_var = {untouched, sizeof untouched, nullptr, nullptr, "test: untouched"};
hcc_private_var written_var = {written, sizeof written, nullptr, nullptr, "test: written"};

size_t resident_pages(const void* p, size_t n) {
  const uintptr_t page = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
  const uintptr_t first = (reinterpret_cast<uintptr_t>(p) + page - 1) & ~(page - 1);
  const uintptr_t last = (reinterpret_cast<uintptr_t>(p) + n) & ~(page - 1);
  std::vector<unsigned char> vec((last - first) / page);
  EXPECT_EQ(::mincore(reinterpret_cast<void*>(first), last - first, vec.data()), 0);
  size_t count = 0;
  for (unsigned char v : vec) count += v & 1;
  return count;
}

TEST(PrivateVars, UntouchedZeroPagesAreNotRead) {
  written[70000] = 4.5;
  hcc_private_var* const vars[] = {&untouched_var, &written_var};
  hcc_private_register(vars, 2);
  EXPECT_EQ(resident_pages(untouched, sizeof untouched), 0u);

  hcc::rt::Rank r;
  hcc::rt::make_privates(r);
  hcc_private_shift = reinterpret_cast<char*>(r.private_shift);
  EXPECT_EQ(HCC_PRIVATE(written)[70000], 4.5);
  EXPECT_EQ(HCC_PRIVATE(written)[69999], 0.0);
  EXPECT_EQ(HCC_PRIVATE(untouched)[70000], 0.0);
  hcc_private_shift = nullptr;
  hcc::rt::release_privates(r);
}

// A file that declares an array without its bound registers it with size
// 0, before or after the file that defines it (files register at start-up,
// before any rank: in one call here, as a registration after ranks started
// checks what it adds): the copy is the definition's size and starts as
// its bytes.
double bounded[4] = {0.5, 1.5, 2.5, 3.5};
hcc_private_var unbounded_decl = {bounded, 0, nullptr, nullptr, "test: bounded (declared bounded[])"};
hcc_private_var bounded_def = {bounded, sizeof bounded, nullptr, nullptr, "test: bounded"};

TEST(PrivateVars, DeclarationWithoutBoundTakesTheDefinitionsSize) {
  hcc_private_var* const vars[] = {&unbounded_decl, &bounded_def, &unbounded_decl};
  hcc_private_register(vars, 3);

  hcc::rt::Rank r;
  hcc::rt::make_privates(r);
  hcc_private_shift = reinterpret_cast<char*>(r.private_shift);
  EXPECT_EQ(HCC_PRIVATE(bounded)[3], 3.5);
  HCC_PRIVATE(bounded)[3] = 9;
  hcc_private_shift = nullptr;
  EXPECT_EQ(bounded[3], 3.5);
  hcc::rt::release_privates(r);
}

// Variables of two modules (a shared library compiled with hccsim, and the
// executable): each rank has an image of each module's writable data at
// one shift, so that HCC_PRIVATE reaches both copies. Registered at
// start-up, as the files of a program do: a module whose variables come
// after the first rank's image is an error (the other tests make images
// in the same process under TSan).
int in_executable = 3;
int* const in_library = private_vars_library_counter();
hcc_private_var in_executable_var = {&in_executable, sizeof in_executable, nullptr, nullptr, "test: in_executable"};
hcc_private_var in_library_var = {in_library, sizeof *in_library, nullptr, nullptr, "test: library counter"};
const bool two_modules_registered = [] {
  hcc_private_var* const vars[] = {&in_library_var, &in_executable_var};
  hcc_private_register(vars, 2);
  return true;
}();

TEST(PrivateVars, VariablesOfSharedLibrariesHaveCopies) {
  ASSERT_TRUE(two_modules_registered);
  hcc::rt::Rank a, b;
  hcc::rt::make_privates(a);
  hcc::rt::make_privates(b);
  EXPECT_EQ(a.private_images.size(), 2u);
  ASSERT_NE(a.private_shift, b.private_shift);
  hcc_private_shift = reinterpret_cast<char*>(a.private_shift);
  EXPECT_EQ(HCC_PRIVATE(*in_library), 9);
  EXPECT_EQ(HCC_PRIVATE(in_executable), 3);
  HCC_PRIVATE(*in_library) = 10;
  HCC_PRIVATE(in_executable) = 4;
  hcc_private_shift = reinterpret_cast<char*>(b.private_shift);
  EXPECT_EQ(HCC_PRIVATE(*in_library), 9);
  EXPECT_EQ(HCC_PRIVATE(in_executable), 3);
  hcc_private_shift = reinterpret_cast<char*>(a.private_shift);
  EXPECT_EQ(HCC_PRIVATE(*in_library), 10);
  hcc_private_shift = nullptr;
  EXPECT_EQ(*in_library, 9);
  EXPECT_EQ(in_executable, 3);
  hcc::rt::release_privates(a);
  hcc::rt::release_privates(b);
}

}  // namespace
