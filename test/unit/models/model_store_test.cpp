#include "temp_dir.hpp"
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "hccmodels/model_file.hpp"

namespace hcc::models {
namespace {
namespace fs = std::filesystem;

TEST(ModelStore, EmptyDirectoryLoadsAndSavesNothing) {
  ModelStore s{fs::path{}};
  EXPECT_EQ(s.lookup("gemm", "cpu", 1), nullptr);
  EXPECT_EQ(s.mean("gemm", "cpu", 1), std::nullopt);
  s.record("gemm", "cpu", 1, 64, 2.0);
  s.record("gemm", "cpu", 1, 64, 4.0);
  ASSERT_NE(s.lookup("gemm", "cpu", 1), nullptr);
  EXPECT_EQ(s.lookup("gemm", "cpu", 1)->count, 2u);
  EXPECT_EQ(s.mean("gemm", "cpu", 1), 3.0);
  EXPECT_NO_THROW(s.save());
}

TEST(ModelStore, MissingDirectoryMeansNoModels) {
  TempDir dir(TempDir::Create::No);
  ModelStore s(dir.path());
  EXPECT_EQ(s.lookup("gemm", "cpu", 1), nullptr);
  s.save();  // nothing recorded: the directory is not created
  EXPECT_FALSE(fs::exists(dir.path()));
}

TEST(ModelStore, RecordSaveReloadAndMergeAcrossRuns) {
  TempDir dir(TempDir::Create::No);
  {
    ModelStore s(dir.path());
    s.record("gemm", "cpu", 0xabc, 4096, 1.0);
    s.record("gemm", "cpu", 0xabc, 4096, 3.0);
    s.record("gemm", "cuda", 0xabc, 4096, 0.5);
    s.record("potrf", "cpu", 7, 128, 2.0);
    s.save();
    s.save();  // a second save adds nothing
  }
  EXPECT_TRUE(fs::exists(dir.path() / "gemm.cpu.json"));
  EXPECT_TRUE(fs::exists(dir.path() / "gemm.cuda.json"));
  EXPECT_TRUE(fs::exists(dir.path() / "potrf.cpu.json"));
  {
    ModelStore s(dir.path());
    const FootprintEntry* e = s.lookup("gemm", "cpu", 0xabc);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->count, 2u);
    EXPECT_EQ(e->size_bytes, 4096u);
    EXPECT_FALSE(e->histogram.empty()) << "loaded entries carry the saved histogram";
    EXPECT_EQ(s.mean("gemm", "cpu", 0xabc), 2.0);
    EXPECT_EQ(s.mean("gemm", "cuda", 0xabc), 0.5);
    EXPECT_EQ(s.mean("gemm", "cpu", 0xdef), std::nullopt);
    EXPECT_EQ(s.mean("trsm", "cpu", 0xabc), std::nullopt);
    // New observations show in lookups at once (same pointer) and only
    // they are merged into the file.
    s.record("gemm", "cpu", 0xabc, 4096, 5.0);
    EXPECT_EQ(s.lookup("gemm", "cpu", 0xabc), e);
    EXPECT_EQ(e->count, 3u);
    EXPECT_EQ(s.mean("gemm", "cpu", 0xabc), 3.0);
    s.save();
  }
  const KernelModel m = load_model_file(dir.path() / "gemm.cpu.json");
  EXPECT_EQ(m.entries.at(0xabc).count, 3u);
  EXPECT_DOUBLE_EQ(m.entries.at(0xabc).mean, 3.0);
  EXPECT_EQ(load_model_file(dir.path() / "potrf.cpu.json").entries.at(7).count, 1u);
}

TEST(ModelStore, SaveMergesWithWhatOthersWroteMeanwhile) {
  TempDir dir(TempDir::Create::No);
  ModelStore a(dir.path()), b(dir.path());
  EXPECT_EQ(a.lookup("gemm", "cpu", 1), nullptr);  // a loaded "no file"
  b.record("gemm", "cpu", 1, 8, 1.0);
  b.save();
  a.record("gemm", "cpu", 1, 8, 3.0);
  a.save();
  const KernelModel m = load_model_file(dir.path() / "gemm.cpu.json");
  EXPECT_EQ(m.entries.at(1).count, 2u);
  EXPECT_DOUBLE_EQ(m.entries.at(1).mean, 2.0);
}

TEST(ModelStore, CorruptFileThrowsModelErrorEveryTime) {
  TempDir dir(TempDir::Create::No);
  fs::create_directories(dir.path());
  const fs::path p = dir.path() / "gemm.cpu.json";
  std::ofstream(p) << "{\"schema_version\": 1, \"kernel\": \"gemm\"";
  ModelStore s(dir.path());
  for (int i = 0; i < 2; ++i) {
    try {
      s.lookup("gemm", "cpu", 1);
      ADD_FAILURE() << "no error";
    } catch (const ModelError& e) {
      EXPECT_NE(std::string(e.what()).find(p.string()), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(s.mean("gemm", "cpu", 1), ModelError);
  EXPECT_EQ(s.lookup("gemm", "cuda", 1), nullptr) << "other files are unaffected";
}

TEST(ModelStore, NamesSharingAFileAreReported) {
  TempDir dir(TempDir::Create::No);
  {
    ModelStore s(dir.path());
    s.record("a_b", "cpu", 1, 8, 1.0);
    s.save();
  }
  ModelStore s(dir.path());
  EXPECT_NE(s.lookup("a_b", "cpu", 1), nullptr);
  try {
    s.lookup("a b", "cpu", 1);
    ADD_FAILURE() << "no error";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("holds kernel 'a_b'"), std::string::npos) << e.what();
  }
}

TEST(ModelStore, MoveKeepsEntriesAndPointers) {
  ModelStore a{fs::path{}};
  a.record("k", "cpu", 1, 8, 2.0);
  const FootprintEntry* e = a.lookup("k", "cpu", 1);
  ModelStore b(std::move(a));
  EXPECT_EQ(b.lookup("k", "cpu", 1), e);
  ModelStore c{fs::path{}};
  c = std::move(b);
  EXPECT_EQ(c.lookup("k", "cpu", 1), e);
  EXPECT_EQ(c.mean("k", "cpu", 1), 2.0);
}

TEST(ModelStore, RejectsBadDurationsWithoutChangingAnything) {
  ModelStore s{fs::path{}};
  s.record("k", "cpu", 1, 8, 1.0);
  EXPECT_THROW(s.record("k", "cpu", 1, 8, NAN), std::invalid_argument);
  EXPECT_THROW(s.record("k", "cpu", 1, 8, -1.0), std::invalid_argument);
  EXPECT_EQ(s.lookup("k", "cpu", 1)->count, 1u);
}

TEST(ModelStore, AlternatingKernelsHitTheRightSlots) {
  ModelStore s{fs::path{}};
  for (int i = 0; i < 100; ++i) {
    s.record("a", "cpu", 1, 8, 1.0);
    s.record("a", "cuda", 1, 8, 2.0);
    s.record("b", "cpu", 1, 8, 3.0);
    // Names with odd bytes must not collide in the store's cache.
    s.record(std::string("a\0b", 3), "c", 1, 8, 4.0);
    s.record("a", std::string("b\0c", 3), 1, 8, 5.0);
  }
  EXPECT_EQ(s.mean("a", "cpu", 1), 1.0);
  EXPECT_EQ(s.mean("a", "cuda", 1), 2.0);
  EXPECT_EQ(s.mean("b", "cpu", 1), 3.0);
  EXPECT_EQ(s.mean(std::string("a\0b", 3), "c", 1), 4.0);
  EXPECT_EQ(s.mean("a", std::string("b\0c", 3), 1), 5.0);
  EXPECT_EQ(s.lookup("a", "cpu", 1)->count, 100u);
}

}  // namespace
}  // namespace hcc::models
