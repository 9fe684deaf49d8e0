#include "temp_dir.hpp"
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "hccmodels/model_file.hpp"

namespace hcc::models {
namespace {
namespace fs = std::filesystem;
using json = nlohmann::json;

void write_text(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

uint64_t bits(double d) {
  uint64_t u;
  std::memcpy(&u, &d, sizeof u);
  return u;
}

void expect_bit_equal(const std::vector<double>& a, const std::vector<double>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(bits(a[i]), bits(b[i])) << "index " << i;
}

KernelModel awkward_model() {
  KernelModel m;
  m.kernel = "gemm \"tiled\" \xc3\xa9";
  m.arch = "cpu";
  const std::vector<double> values = {0.1 + 0.2,   1.0 / 3.0, 5e-324, 2.2250738585072014e-308,
                                      9.8765432109876543e6, 123456.78901234567, 1e-9, 0.0,
                                      3.0000000000000004};
  for (uint64_t fp : {uint64_t{0}, uint64_t{1}, uint64_t{0x8000000000000000ull},
                      uint64_t{0xffffffffffffffffull}, uint64_t{0x1a2b3c4d5e6f7081ull}}) {
    FootprintEntry& e = m.entries[fp];
    e.footprint = fp;
    e.size_bytes = fp ^ 0x5555;
    for (std::size_t i = 0; i < values.size(); ++i) e.add(values[(i + fp) % values.size()] / 7.0);
  }
  return m;
}

TEST(ModelFile, SaveLoadRoundTripIsBitExact) {
  TempDir dir;
  const KernelModel m = awkward_model();
  const fs::path p = dir.path() / "gemm.cpu.json";
  save_model_file(p, m);
  const KernelModel back = load_model_file(p);
  EXPECT_EQ(back.kernel, m.kernel);
  EXPECT_EQ(back.arch, m.arch);
  ASSERT_EQ(back.entries.size(), m.entries.size());
  for (const auto& [fp, e] : m.entries) {
    SCOPED_TRACE(fp);
    ASSERT_TRUE(back.entries.count(fp));
    const FootprintEntry& b = back.entries.at(fp);
    EXPECT_EQ(b.footprint, fp);
    EXPECT_EQ(b.size_bytes, e.size_bytes);
    EXPECT_EQ(b.count, e.count);
    EXPECT_EQ(bits(b.mean), bits(e.mean));
    EXPECT_EQ(bits(b.m2), bits(e.m2));
    EXPECT_EQ(bits(b.min), bits(e.min));
    EXPECT_EQ(bits(b.max), bits(e.max));
    expect_bit_equal(b.samples, e.samples);
    // The histogram is rebuilt from the samples when saved.
    const Histogram h = Histogram::from_samples(e.samples);
    expect_bit_equal(b.histogram.edges, h.edges);
    EXPECT_EQ(b.histogram.counts, h.counts);
    EXPECT_FALSE(b.histogram.empty());
  }
  // Saving what was loaded gives the same bytes.
  const std::string first = read_text(p);
  save_model_file(p, back);
  EXPECT_EQ(read_text(p), first);
}

TEST(ModelFile, LayoutMatchesTheDocumentation) {
  TempDir dir;
  KernelModel m{"gemm", "cuda", {}};
  m.entries[0x1a2b].add(0.5);
  m.entries[0x1a2b].size_bytes = 4096;
  const fs::path p = dir.path() / "gemm.cuda.json";
  save_model_file(p, m);
  const json j = json::parse(read_text(p));
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_EQ(j["kernel"], "gemm");
  EXPECT_EQ(j["arch"], "cuda");
  ASSERT_EQ(j["entries"].size(), 1u);
  const json& e = j["entries"][0];
  EXPECT_EQ(e["footprint"], "0x0000000000001a2b");
  EXPECT_EQ(e["size_bytes"], 4096);
  EXPECT_EQ(e["count"], 1);
  EXPECT_EQ(e["mean"], 0.5);
  EXPECT_EQ(e["m2"], 0.0);
  EXPECT_EQ(e["min"], 0.5);
  EXPECT_EQ(e["max"], 0.5);
  EXPECT_EQ(e["samples"], json::array({0.5}));
  EXPECT_EQ(e["histogram"]["edges"], json::array({0.5, 0.5}));
  EXPECT_EQ(e["histogram"]["counts"], json::array({1}));

  // An empty model is valid too.
  save_model_file(p, KernelModel{"gemm", "cuda", {}});
  EXPECT_TRUE(load_model_file(p).entries.empty());
}

TEST(ModelFile, HistogramKeptWhenThereAreNoSamples) {
  TempDir dir;
  const fs::path p = dir.path() / "k.cpu.json";
  write_text(p, R"({"schema_version":1,"kernel":"k","arch":"cpu","entries":[
    {"footprint":"0x2","size_bytes":8,"count":30,"mean":2.0,"m2":1.5,"min":1.0,"max":4.0,
     "histogram":{"edges":[1.0,1.5,4.0],"counts":[10,20]}}]})");
  const KernelModel m = load_model_file(p);
  save_model_file(p, m);
  const KernelModel back = load_model_file(p);
  const FootprintEntry& e = back.entries.at(2);
  EXPECT_TRUE(e.samples.empty());
  EXPECT_EQ(e.histogram.edges, (std::vector<double>{1.0, 1.5, 4.0}));
  EXPECT_EQ(e.histogram.counts, (std::vector<uint64_t>{10, 20}));
}

// A valid file, as JSON, for the malformed-input cases to break.
json valid_json() {
  return json::parse(R"({"schema_version":1,"kernel":"potrf","arch":"cpu","entries":[
    {"footprint":"0x00000000000000ff","size_bytes":1024,"count":3,"mean":2.0,"m2":2.0,
     "min":1.0,"max":3.0,"samples":[1.0,2.0,3.0],
     "histogram":{"edges":[1.0,2.0,3.0],"counts":[1,2]}}]})");
}

struct BadCase {
  const char* name;
  std::string text;
  std::vector<std::string> expect;  // substrings of the message
};

std::vector<BadCase> bad_cases() {
  std::vector<BadCase> cases;
  auto edit = [&](const char* name, auto&& change, std::vector<std::string> expect) {
    json j = valid_json();
    change(j);
    cases.push_back({name, j.dump(), std::move(expect)});
  };
  json& (*e0)(json&) = [](json& j) -> json& { return j["entries"][0]; };

  cases.push_back({"not json", "{\"schema_version\": 1,\n \"kernel\": oops}",
                   {"not valid JSON (byte 34)", "line 2"}});
  cases.push_back({"empty file", "", {"not valid JSON (byte", "unexpected end of input"}});
  cases.push_back({"truncated", valid_json().dump().substr(0, 60), {"not valid JSON"}});
  cases.push_back({"top-level array", "[1,2]", {"expected a JSON object at the top level, got array"}});
  cases.push_back({"duplicate top-level key",
                   R"({"schema_version":1,"kernel":"potrf","kernel":"gemm","arch":"cpu","entries":[]})",
                   {"key \"kernel\" appears twice in one object"}});
  cases.push_back({"duplicate entry key",
                   R"({"schema_version":1,"kernel":"potrf","arch":"cpu","entries":[{"footprint":"0x1",)"
                   R"("size_bytes":1,"count":1,"mean":1,"mean":-1,"m2":0,"min":1,"max":1}]})",
                   {"key \"mean\" appears twice in one object"}});

  edit("missing schema_version", [](json& j) { j.erase("schema_version"); },
       {"missing key \"schema_version\""});
  edit("missing kernel", [](json& j) { j.erase("kernel"); }, {"missing key \"kernel\""});
  edit("missing arch", [](json& j) { j.erase("arch"); }, {"missing key \"arch\""});
  edit("missing entries", [](json& j) { j.erase("entries"); }, {"missing key \"entries\""});
  for (const char* key : {"footprint", "size_bytes", "count", "mean", "m2", "min", "max"})
    edit(key, [&](json& j) { e0(j).erase(key); },
         {std::string("entries[0]: missing key \"") + key + "\""});
  edit("missing edges", [&](json& j) { e0(j)["histogram"].erase("edges"); },
       {"entries[0].histogram: missing key \"edges\""});

  edit("kernel type", [](json& j) { j["kernel"] = 5; }, {"kernel: expected a string, got number 5"});
  edit("entries type", [](json& j) { j["entries"] = json::object(); },
       {"entries: expected an array, got object"});
  edit("entry type", [](json& j) { j["entries"][0] = "x"; },
       {"entries[0]: expected an object, got string \"x\""});
  edit("mean type", [&](json& j) { e0(j)["mean"] = "fast"; },
       {"entries[0].mean: expected a number, got string \"fast\""});
  edit("count type", [&](json& j) { e0(j)["count"] = 2.5; },
       {"entries[0].count: expected a non-negative integer, got number 2.5"});
  edit("sample type", [&](json& j) { e0(j)["samples"][1] = nullptr; },
       {"entries[0].samples[1]: expected a number, got null"});
  edit("histogram type", [&](json& j) { e0(j)["histogram"] = json::array(); },
       {"entries[0].histogram: expected an object, got array"});
  edit("footprint number", [&](json& j) { e0(j)["footprint"] = 255; },
       {"entries[0].footprint: expected a hex string"});

  for (const char* fp : {"0xzz", "ff", "0x", "0x10000000000000000", "0x-1", "0x 1", ""})
    edit("bad hex", [&](json& j) { e0(j)["footprint"] = fp; },
         {"entries[0].footprint: bad hex footprint \"" + std::string(fp) + "\""});

  edit("negative count", [&](json& j) { e0(j)["count"] = -3; },
       {"entries[0].count: negative count -3"});
  edit("negative size", [&](json& j) { e0(j)["size_bytes"] = -1; },
       {"entries[0].size_bytes: negative size_bytes -1"});
  edit("negative bin", [&](json& j) { e0(j)["histogram"]["counts"][1] = -2; },
       {"entries[0].histogram.counts[1]: negative count -2"});
  edit("negative m2", [&](json& j) { e0(j)["m2"] = -1.0; }, {"entries[0].m2: negative m2"});
  edit("negative mean", [&](json& j) { e0(j)["mean"] = -2.0; },
       {"entries[0].mean: negative duration -2.0 (must be >= 0)"});
  edit("negative min", [&](json& j) { e0(j)["min"] = -1.0; }, {"entries[0].min: negative duration"});
  edit("negative sample", [&](json& j) { e0(j)["samples"][2] = -3.0; },
       {"entries[0].samples[2]: negative duration"});
  edit("negative edge", [&](json& j) { e0(j)["histogram"]["edges"][0] = -1.0; },
       {"entries[0].histogram.edges[0]: negative duration"});
  edit("huge max", [&](json& j) { e0(j)["max"] = 1e300; },
       {"entries[0].max: duration 1e+300 s is more than 1e7 s"});
  edit("count 2^64-1", [&](json& j) { e0(j)["count"] = UINT64_MAX; },
       {"entries[0].count: count 18446744073709551615 is more than 2^53"});
  edit("bin 2^64-1", [&](json& j) { e0(j)["histogram"]["counts"][0] = UINT64_MAX; },
       {"entries[0].histogram.counts[0]: count 18446744073709551615 is more than 2^53"});

  edit("edges/counts", [&](json& j) { e0(j)["histogram"]["counts"] = {1, 1, 1}; },
       {"entries[0].histogram: edges has 3 values and counts has 3"});
  edit("edges/counts 2", [&](json& j) { e0(j)["histogram"]["edges"] = json::array(); },
       {"entries[0].histogram: edges has 0 values and counts has 2"});
  edit("decreasing edges", [&](json& j) { e0(j)["histogram"]["edges"] = {1.0, 3.0, 2.0}; },
       {"entries[0].histogram.edges[2]: edges must not decrease"});
  edit("too many samples", [&](json& j) { e0(j)["samples"] = {1, 2, 3, 4}; },
       {"entries[0].samples: 4 samples but count is 3"});
  edit("min > max", [&](json& j) { e0(j)["min"] = 5.0; }, {"entries[0]: min 5", "greater than max 3"});
  edit("duplicate footprint", [](json& j) { j["entries"].push_back(j["entries"][0]); },
       {"entries[1]: duplicate footprint 0x00000000000000ff"});

  edit("schema 7", [](json& j) { j["schema_version"] = 7; },
       {"unsupported schema_version 7 (this hccsim reads 1)"});
  edit("schema 0", [](json& j) { j["schema_version"] = 0; }, {"unsupported schema_version 0"});
  edit("schema string", [](json& j) { j["schema_version"] = "1"; },
       {"schema_version: expected an integer, got string \"1\""});
  return cases;
}

TEST(ModelFile, MalformedInputGivesOneLineErrorWithPathAndProblem) {
  TempDir dir;
  const fs::path p = dir.path() / "potrf.cpu.json";
  write_text(p, valid_json().dump());
  ASSERT_NO_THROW(load_model_file(p));  // the base of every case is valid

  for (const BadCase& c : bad_cases()) {
    SCOPED_TRACE(c.name);
    write_text(p, c.text);
    try {
      load_model_file(p);
      ADD_FAILURE() << "no error for: " << c.text;
    } catch (const ModelError& e) {
      const std::string msg = e.what();
      EXPECT_EQ(msg.rfind("model file " + p.string() + ": ", 0), 0u) << msg;
      for (const std::string& s : c.expect) EXPECT_NE(msg.find(s), std::string::npos) << msg;
      EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
    }
  }
}

TEST(ModelFile, MissingFileAndDirectory) {
  TempDir dir;
  const fs::path p = dir.path() / "nope.cpu.json";
  try {
    load_model_file(p);
    ADD_FAILURE() << "no error";
  } catch (const ModelError& e) {
    EXPECT_EQ(std::string(e.what()), "model file " + p.string() + ": cannot open: No such file or directory");
  }
  try {
    load_model_file(dir.path());
    ADD_FAILURE() << "no error";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find(dir.path().string()), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
  }
}

TEST(ModelFile, AtomicSaveLeavesNoTemporaryFiles) {
  TempDir dir;
  const fs::path p = dir.path() / "gemm.cpu.json";
  KernelModel m = awkward_model();
  save_model_file(p, m);
  EXPECT_EQ(dir.names(), (std::set<std::string>{"gemm.cpu.json"}));
  m.entries.erase(1);
  save_model_file(p, m);  // replaces the file
  EXPECT_EQ(dir.names(), (std::set<std::string>{"gemm.cpu.json"}));
  EXPECT_EQ(load_model_file(p).entries.size(), m.entries.size());
  EXPECT_EQ(fs::status(p).permissions() & fs::perms::owner_read, fs::perms::owner_read);
}

TEST(ModelFile, NonFiniteValuesAreRefusedBeforeWriting) {
  TempDir dir;
  const fs::path p = dir.path() / "gemm.cpu.json";
  KernelModel m{"gemm", "cpu", {}};
  m.entries[3].add(1.0);
  m.entries[3].m2 = INFINITY;  // no longer reachable through add(), which bounds durations
  try {
    save_model_file(p, m);
    ADD_FAILURE() << "no error";
  } catch (const ModelError& e) {
    EXPECT_EQ(std::string(e.what()),
              "model file " + p.string() +
                  ": cannot save entry 0x0000000000000003: m2 is inf (JSON holds only finite numbers)");
  }
  EXPECT_TRUE(dir.names().empty());
}

TEST(ModelFile, FailedSaveCleansUpAndKeepsWhatWasThere) {
  TempDir dir;
  // The target is a directory: the rename fails after the data was written.
  const fs::path p = dir.path() / "gemm.cpu.json";
  fs::create_directories(p / "inside");
  try {
    save_model_file(p, awkward_model());
    ADD_FAILURE() << "no error";
  } catch (const ModelError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("model file " + p.string() + ": cannot rename", 0), 0u)
        << e.what();
  }
  EXPECT_EQ(dir.names(), (std::set<std::string>{"gemm.cpu.json"}));
  EXPECT_TRUE(fs::is_directory(p / "inside"));

  // The directory does not exist.
  const fs::path q = dir.path() / "missing" / "gemm.cpu.json";
  try {
    save_model_file(q, awkward_model());
    ADD_FAILURE() << "no error";
  } catch (const ModelError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("model file " + q.string() + ": ", 0), 0u) << e.what();
  }
  EXPECT_FALSE(fs::exists(dir.path() / "missing"));
}

TEST(ModelFile, MergeIntoModelFile) {
  TempDir dir;
  const fs::path p = dir.path() / "gemm.cpu.json";
  KernelModel m{"gemm", "cpu", {}};
  m.entries[7].add(1.0);
  m.entries[7].add(3.0);
  merge_into_model_file(p, m);  // creates the file
  merge_into_model_file(p, m);
  const KernelModel back = load_model_file(p);
  EXPECT_EQ(back.entries.at(7).count, 4u);
  EXPECT_DOUBLE_EQ(back.entries.at(7).mean, 2.0);
  EXPECT_DOUBLE_EQ(back.entries.at(7).m2, 4.0);
  EXPECT_EQ(back.entries.at(7).samples, (std::vector<double>{1.0, 3.0, 1.0, 3.0}));
  EXPECT_EQ(dir.names(), (std::set<std::string>{"gemm.cpu.json"})) << "lock file left behind";

  // A different kernel in the same file is refused, and the file is kept.
  const std::string before = read_text(p);
  KernelModel other{"gemm2", "cpu", {}};
  other.entries[7].add(1.0);
  EXPECT_THROW(merge_into_model_file(p, other), ModelError);
  EXPECT_EQ(read_text(p), before);

  // A corrupt file is never overwritten.
  write_text(p, "{\"schema_version\": 1");
  try {
    merge_into_model_file(p, m);
    ADD_FAILURE() << "no error";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("not valid JSON"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read_text(p), "{\"schema_version\": 1");
  EXPECT_EQ(dir.names(), (std::set<std::string>{"gemm.cpu.json"}));
}

constexpr int kMerges = 50;

// Writer w merges kMerges single observations: a shared footprint (1) and
// one of its own (100 + w).
void writer(const fs::path& p, int w) {
  for (int i = 0; i < kMerges; ++i) {
    KernelModel m{"gemm", "cpu", {}};
    const double x = 1.0 + w * 1000 + i;
    m.entries[1].add(x);
    m.entries[100 + static_cast<uint64_t>(w)].add(x);
    merge_into_model_file(p, m);
  }
}

void check_concurrent_result(const TempDir& dir, const fs::path& p, int writers) {
  EXPECT_TRUE(json::accept(read_text(p))) << "not valid JSON";
  const KernelModel back = load_model_file(p);
  ASSERT_EQ(back.entries.size(), static_cast<std::size_t>(writers) + 1);
  const FootprintEntry& shared = back.entries.at(1);
  EXPECT_EQ(shared.count, static_cast<uint64_t>(writers * kMerges));
  double sum = 0;
  for (int w = 0; w < writers; ++w) {
    const FootprintEntry& own = back.entries.at(100 + static_cast<uint64_t>(w));
    EXPECT_EQ(own.count, static_cast<uint64_t>(kMerges)) << "writer " << w;
    EXPECT_EQ(own.min, 1.0 + w * 1000);
    EXPECT_EQ(own.max, 1.0 + w * 1000 + kMerges - 1);
    for (int i = 0; i < kMerges; ++i) sum += 1.0 + w * 1000 + i;
  }
  EXPECT_NEAR(shared.mean, sum / (writers * kMerges), 1e-9);
  EXPECT_EQ(shared.min, 1.0);
  EXPECT_EQ(shared.max, 1.0 + (writers - 1) * 1000 + kMerges - 1);
  EXPECT_EQ(dir.names(), (std::set<std::string>{"gemm.cpu.json"}));
}

TEST(ModelFile, ConcurrentProcessesAllLandTheirObservations) {
  TempDir dir;
  const fs::path p = dir.path() / "gemm.cpu.json";
  std::vector<pid_t> children;
  for (int w = 0; w < 2; ++w) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      int rc = 0;
      try {
        writer(p, w);
      } catch (...) {
        rc = 1;
      }
      ::_exit(rc);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "writer process failed";
  }
  check_concurrent_result(dir, p, 2);
}

TEST(ModelFile, ConcurrentThreadsAllLandTheirObservations) {
  TempDir dir;
  const fs::path p = dir.path() / "gemm.cpu.json";
  constexpr int kWriters = 4;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w)
    threads.emplace_back([&, w] {
      try {
        writer(p, w);
      } catch (...) {
        ++failures;
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  check_concurrent_result(dir, p, kWriters);
}

TEST(ModelFile, ModelFilePathSanitisesNames) {
  const fs::path d = "/models";
  EXPECT_EQ(model_file_path(d, "gemm", "cpu"), fs::path("/models/gemm.cpu.json"));
  EXPECT_EQ(model_file_path(d, "dgemm-v2.1_x", "cuda"), fs::path("/models/dgemm-v2.1_x.cuda.json"));
  EXPECT_EQ(model_file_path(d, "my kernel/../x", "cpu"), fs::path("/models/my_kernel_.._x.cpu.json"));
  EXPECT_EQ(model_file_path(d, "caf\xc3\xa9", "cpu"), fs::path("/models/caf__.cpu.json"));
  EXPECT_EQ(model_file_path(d, "", "cpu"), fs::path("/models/_.cpu.json"));
  EXPECT_EQ(model_file_path("", "k", "cpu"), fs::path("k.cpu.json"));
}

}  // namespace
}  // namespace hcc::models
