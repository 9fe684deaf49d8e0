// Tests of the records CSV reader, the regression object of model files and
// the calibration behind hcc-calibrate (models/include/hccmodels/calibrate.hpp).
#include "temp_dir.hpp"
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "hccmodels/calibrate.hpp"
#include "hccmodels/model_file.hpp"
#include "hccmodels/records.hpp"
#include "hccmodels/regression.hpp"
#include "hccmodels/svg.hpp"

namespace hcc::models {
namespace {
namespace fs = std::filesystem;

const char* kHeader = "id,kernel,arch,worker,footprint,submit,start,end,duration,bytes_in,bytes_out,params\n";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void spit(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

std::vector<Record> parse(const std::string& text) {
  std::istringstream in(text);
  return parse_records(in, "records.csv");
}

std::string parse_error(const std::string& text) {
  try {
    parse(text);
  } catch (const RecordsError& e) {
    return e.what();
  }
  return "(no error)";
}

// ---------------------------------------------------------------- records

TEST(Records, ParsesRowsAndParams) {
  const auto r = parse(std::string(kHeader) +
                       "1,dgemm,cpu,0,0x00000000a1b2c3d4,0.000000000,0.001000000,0.003500000,"
                       "0.002500000,7372800,2457600,NB=960;MB=1920\n"
                       "2,potrf,cuda,3,0xff,0,0,0,1e-3,0,8,\n");
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].kernel, "dgemm");
  EXPECT_EQ(r[0].arch, "cpu");
  EXPECT_EQ(r[0].footprint, 0xa1b2c3d4u);
  EXPECT_EQ(r[0].bytes, 7372800u + 2457600u);
  EXPECT_DOUBLE_EQ(r[0].seconds, 0.0025);
  EXPECT_EQ(r[0].params.size(), 2u);
  EXPECT_DOUBLE_EQ(r[0].params.at("NB"), 960);
  EXPECT_DOUBLE_EQ(r[0].params.at("MB"), 1920);
  EXPECT_EQ(r[0].line, 2u);
  EXPECT_EQ(r[1].footprint, 0xffu);
  EXPECT_TRUE(r[1].params.empty());
  EXPECT_DOUBLE_EQ(r[1].seconds, 1e-3);
}

TEST(Records, HandlesQuotingCrlfAndBlankLines) {
  const auto r = parse(std::string(kHeader) +
                       "1,\"my,kernel\",cpu,0,0x1,0,0,0,0.5,1,2,\"NB=3;MB=4\"\r\n"
                       "\r\n"
                       "2,\"say \"\"hi\"\"\nthere\",cpu,0,0x2,0,0,0,0.25,1,2,\"\"\n"
                       "3,k,cpu,0,0x3,0,0,0,0.125,0,0,NB=-1.5e2\n");
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].kernel, "my,kernel");
  EXPECT_DOUBLE_EQ(r[0].params.at("MB"), 4);
  EXPECT_EQ(r[1].kernel, "say \"hi\"\nthere");
  EXPECT_TRUE(r[1].params.empty());
  EXPECT_EQ(r[1].line, 4u);
  EXPECT_EQ(r[2].line, 6u);  // the quoted line break counts
  EXPECT_DOUBLE_EQ(r[2].params.at("NB"), -150);
}

TEST(Records, FindsColumnsByName) {
  const auto r = parse("kernel,arch,duration,footprint,params,bytes_out,bytes_in,extra\n"
                       "k,cpu,0.5,0x10,NB=2,3,4,x\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].footprint, 0x10u);
  EXPECT_EQ(r[0].bytes, 7u);
}

TEST(Records, CpuColumnIsTheKernelTimeWhenGiven) {
  const auto r = parse(std::string("id,kernel,arch,worker,footprint,submit,start,end,duration,bytes_in,bytes_out,"
                                   "params,cpu\n") +
                       "1,k,cpu,0,0x1,0,0,0.003,0.003,0,0,NB=1,0.002000000\n"
                       "2,k,cpu,0,0x1,0,0,0.004,0.004,0,0,NB=2,\n");
  ASSERT_EQ(r.size(), 2u);
  EXPECT_DOUBLE_EQ(r[0].seconds, 0.002);  // cpu, not duration
  EXPECT_DOUBLE_EQ(r[1].seconds, 0.004);  // no cpu value: duration
  EXPECT_EQ(parse_error(std::string("id,kernel,arch,worker,footprint,submit,start,end,duration,bytes_in,bytes_out,"
                                    "params,cpu\n") +
                        "1,k,cpu,0,0x1,0,0,0.003,0.003,0,0,NB=1,-1\n"),
            "records.csv:2: cpu \"-1\" is not a number in [0, 1e7] seconds");
}

// A row that stands for 64 runs (an instrumented run's sampled one)
// weighs 64 times one timed at every run: the kernel's mean, count and model
// entry are those of its runs, not of its rows.
TEST(Records, WeightColumnCountsSampledRowsAsTheRunsTheyStandFor) {
  const std::string header = "id,kernel,arch,worker,footprint,submit,start,end,duration,bytes_in,bytes_out,"
                             "params,cpu,weight\n";
  const auto r = parse(header + "1,k,cpu,0,0x1,0,0,0.003,0.003,0,0,,0.001400000,1\n"
                                "2,k,cpu,0,0x1,0,0,0.004,0.004,0,0,,0.000010000,64\n"
                                "3,k,cpu,0,0x1,0,0,0.004,0.004,0,0,,0.000010000,\n");
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].weight, 1u);
  EXPECT_EQ(r[1].weight, 64u);
  EXPECT_EQ(r[2].weight, 1u);  // empty: 1
  const std::vector<KernelCalibration> c = calibrate(r, CalibrateOptions{});
  ASSERT_EQ(c.size(), 1u);
  const FootprintEntry& e = c[0].model.entries.at(1);
  EXPECT_EQ(e.count, 66u);
  EXPECT_NEAR(e.mean, (0.0014 + 65 * 0.00001) / 66, 1e-15);
  EXPECT_NEAR(c[0].mean, e.mean, 1e-15);
  EXPECT_EQ(parse_error(header + "1,k,cpu,0,0x1,0,0,0.003,0.003,0,0,,,0\n"),
            "records.csv:2: weight \"0\" is not an integer in [1, 2^32 - 1]");
}

TEST(Records, MalformedInputNamesFileAndLine) {
  const std::string ok = "1,k,cpu,0,0x1,0,0,0,0.5,1,2,NB=3\n";
  const std::string h = kHeader;
  EXPECT_EQ(parse_error(h + ok + "2,k,cpu,0,0x1,0,0,0,0.5,1,2\n"),
            "records.csv:3: 11 fields, expected 12 (as in the header)");
  EXPECT_EQ(parse_error(h + ok + ok + "2,k,cpu,0,0x1,0,0,0,0.5,1,2,NB=1,x\n"),
            "records.csv:4: 13 fields, expected 12 (as in the header)");
  EXPECT_EQ(parse_error(h + "2,k,cpu,0,0x1,0,0,0,fast,1,2,\n"),
            "records.csv:2: duration \"fast\" is not a number");
  EXPECT_EQ(parse_error(h + "2,k,cpu,0,0x1,0,0,0,-1,1,2,\n"),
            "records.csv:2: duration \"-1\" must be in [0, 1e7] seconds");
  EXPECT_EQ(parse_error(h + "2,k,cpu,0,0x1,0,0,0,inf,1,2,\n"),
            "records.csv:2: duration \"inf\" must be in [0, 1e7] seconds");
  EXPECT_EQ(parse_error(h + "2,k,cpu,0,0xzz,0,0,0,1,1,2,\n"),
            "records.csv:2: bad hex footprint \"0xzz\" (expected \"0x\" and 1 to 16 hex digits)");
  EXPECT_EQ(parse_error(h + "2,k,cpu,0,12,0,0,0,1,1,2,\n"),
            "records.csv:2: bad hex footprint \"12\" (expected \"0x\" and 1 to 16 hex digits)");
  EXPECT_EQ(parse_error(h + "2,k,cpu,0,0x00000000000000001,0,0,0,1,1,2,\n"),
            "records.csv:2: bad hex footprint \"0x00000000000000001\" (expected \"0x\" and 1 to 16 hex digits)");
  EXPECT_EQ(parse_error(h + "2,k,cpu,0,0x1,0,0,0,1,1.5,2,\n"),
            "records.csv:2: bytes_in \"1.5\" is not a non-negative integer");
  EXPECT_EQ(parse_error(h + "2,k,cpu,0,0x1,0,0,0,1,1,-2,\n"),
            "records.csv:2: bytes_out \"-2\" is not a non-negative integer");
  EXPECT_EQ(parse_error(h + "2,k,cpu,0,0x1,0,0,0,1,1,2,NB\n"),
            "records.csv:2: bad params: params item \"NB\" has no '=' (expected name=value;...)");
  EXPECT_EQ(parse_error(h + "2,k,cpu,0,0x1,0,0,0,1,1,2,NB=x\n"),
            "records.csv:2: bad params: parameter NB: value \"x\" is not a finite number");
  EXPECT_EQ(parse_error(h + "2,k,cpu,0,0x1,0,0,0,1,1,2,NB=1;;MB=2\n"),
            "records.csv:2: bad params: empty item in params \"NB=1;;MB=2\" (expected name=value;...)");
  EXPECT_EQ(parse_error(h + "2,k,cpu,0,0x1,0,0,0,1,1,2,1N=1\n"),
            "records.csv:2: bad params: bad parameter name \"1N\" in params (expected "
            "[A-Za-z_][A-Za-z0-9_]*)");
  EXPECT_EQ(parse_error(h + "2,k,cpu,0,0x1,0,0,0,1,1,2,NB=1;NB=2\n"),
            "records.csv:2: bad params: parameter NB given twice in params");
  EXPECT_EQ(parse_error(h + ok + "2,\"k,cpu,0,0x1,0,0,0,1,1,2,\n"),
            "records.csv:3: unterminated quoted field (no closing quote before the end of the file)");
  EXPECT_EQ(parse_error(h + "2,\"k\"x,cpu,0,0x1,0,0,0,1,1,2,\n"),
            "records.csv:2: field 2: unexpected character after a closing quote (quotes inside a "
            "quoted field must be doubled)");
  EXPECT_EQ(parse_error(h + "2,k\"x,cpu,0,0x1,0,0,0,1,1,2,\n"),
            "records.csv:2: field 2: quote in an unquoted field (a field with quotes must be "
            "quoted, its quotes doubled)");
  EXPECT_EQ(parse_error(h + "2,,cpu,0,0x1,0,0,0,1,1,2,\n"), "records.csv:2: empty kernel name");
  EXPECT_EQ(parse_error("id,kernel,arch\n1,k,cpu\n"),
            "records.csv:1: header has no column \"footprint\" (expected id,kernel,arch,worker,"
            "footprint,submit,start,end,duration,bytes_in,bytes_out,params)");
  EXPECT_EQ(parse_error(""), "records.csv: empty file (expected a header line)");
}

TEST(Records, ReadsFilesAndReportsProgress) {
  TempDir dir;
  const fs::path p = dir.path() / "r.csv";
  std::string text = kHeader;
  for (int i = 0; i < 20000; ++i) text += "1,k,cpu,0,0x1,0,0,0,0.5,1,2,NB=3;MB=4\n";
  spit(p, text);
  uint64_t last = 0;
  const auto r = read_records(p, [&](uint64_t b) { last = b; });
  EXPECT_EQ(r.size(), 20000u);
  EXPECT_EQ(last, text.size());
  try {
    read_records(dir.path() / "missing.csv");
    FAIL() << "no error";
  } catch (const RecordsError& e) {
    EXPECT_NE(std::string(e.what()).find("missing.csv: cannot open"), std::string::npos) << e.what();
  }
}

// ------------------------------------------------- regression in model files

RegressionFit small_fit() {
  RegressionFit f;
  f.terms = parse_terms("1, NB^3, NB^2*MB");
  f.coef = {1e-4, 2e-9, 5e-10};
  f.ci_low = {0, 1.9e-9, 4.9e-10};
  f.ci_high = {2e-4, 2.1e-9, 5.1e-10};
  f.r2 = 0.99;
  f.adj_r2 = 0.98;
  f.cv_rmse = 1e-3;
  f.n = 42;
  return f;
}

TEST(ModelFileRegression, RoundTripsAndOldFilesLoad) {
  TempDir dir;
  const fs::path p = dir.path() / "k.cpu.json";
  spit(p, R"({"schema_version":1,"kernel":"k","arch":"cpu","entries":[]})");
  EXPECT_FALSE(load_model_file(p).regression.has_value());

  KernelModel m;
  m.kernel = "k";
  m.arch = "cpu";
  m.entries[7].add(0.5);
  m.regression = small_fit();
  save_model_file(p, m);
  const KernelModel back = load_model_file(p);
  ASSERT_TRUE(back.regression.has_value());
  EXPECT_EQ(back.regression->terms, m.regression->terms);
  EXPECT_EQ(back.regression->coef, m.regression->coef);
  EXPECT_EQ(back.regression->ci_low, m.regression->ci_low);
  EXPECT_EQ(back.regression->ci_high, m.regression->ci_high);
  EXPECT_EQ(back.regression->n, 42u);
  EXPECT_DOUBLE_EQ(back.regression->adj_r2, 0.98);
  EXPECT_DOUBLE_EQ(evaluate(*back.regression, {{"NB", 10}, {"MB", 20}}),
                   evaluate(*m.regression, {{"NB", 10}, {"MB", 20}}));
  EXPECT_NE(slurp(p).find(R"("terms":["1","NB^3","NB^2*MB"])"), std::string::npos) << slurp(p);
}

TEST(ModelFileRegression, MalformedRegressionIsOneLineError) {
  TempDir dir;
  const fs::path p = dir.path() / "k.cpu.json";
  const std::string good =
      R"("terms":["1","NB"],"coef":[1,2],"ci_low":[0,1],"ci_high":[2,3],"r2":1,"adj_r2":1,"cv_rmse":0,"n":5)";
  const auto error_for = [&](const std::string& regression) {
    spit(p, R"({"schema_version":1,"kernel":"k","arch":"cpu","regression":)" + regression +
                R"(,"entries":[]})");
    try {
      load_model_file(p);
    } catch (const ModelError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_EQ(error_for("{" + good + "}"), "(no error)");
  const std::string pre = "model file " + p.string() + ": ";
  EXPECT_EQ(error_for("[]"), pre + "regression: expected an object, got array");
  EXPECT_EQ(error_for(R"({"coef":[1]})"), pre + "regression: missing key \"terms\"");
  EXPECT_EQ(error_for(R"({"terms":["1","NB"],"coef":[1],"ci_low":[0,1],"ci_high":[2,3],"r2":1,"adj_r2":1,"cv_rmse":0,"n":5})"),
            pre + "regression.coef: 1 values but terms has 2 (they must be aligned)");
  EXPECT_EQ(error_for(R"({"terms":["NB"],"coef":[1],"ci_low":[0],"ci_high":[2],"r2":1,"adj_r2":1,"cv_rmse":0,"n":5})"),
            pre + "regression.terms[0]: the first term must be the constant \"1\"");
  const std::string bad_term = error_for(
      R"({"terms":["1","NB^0"],"coef":[1,2],"ci_low":[0,1],"ci_high":[2,3],"r2":1,"adj_r2":1,"cv_rmse":0,"n":5})");
  EXPECT_EQ(bad_term.rfind(pre + "regression.terms[1]: parse_terms: expected an exponent", 0), 0u) << bad_term;
  EXPECT_EQ(error_for(R"({"terms":["1","NB"],"coef":[1,"x"],"ci_low":[0,1],"ci_high":[2,3],"r2":1,"adj_r2":1,"cv_rmse":0,"n":5})"),
            pre + "regression.coef[1]: expected a number, got string \"x\"");
  EXPECT_EQ(error_for(R"({"terms":["1","NB"],"coef":[1,2],"ci_low":[0,1],"ci_high":[2,3],"r2":1,"adj_r2":1,"cv_rmse":0,"n":-5})"),
            pre + "regression.n: negative n -5 (must be >= 0)");
  EXPECT_EQ(error_for(R"({"terms":["1","NB","NB"],"coef":[1,2,3],"ci_low":[0,1,2],"ci_high":[2,3,4],"r2":1,"adj_r2":1,"cv_rmse":0,"n":5})"),
            pre + "regression.terms[2]: term NB listed twice");
  for (const std::string& e : {error_for("[]"), bad_term}) EXPECT_EQ(e.find('\n'), std::string::npos);
}

TEST(ModelFileRegression, NewerCalibrationReplacesStoredRegression) {
  TempDir dir;
  const fs::path p = dir.path() / "k.cpu.json";
  KernelModel a;
  a.kernel = "k";
  a.arch = "cpu";
  a.entries[1].add(1.0);
  a.regression = small_fit();
  merge_into_model_file(p, a);
  KernelModel b = a;
  b.regression->coef = {3, 4, 5};
  merge_into_model_file(p, b);
  KernelModel c = a;
  c.regression.reset();  // no new regression: the stored one stays
  merge_into_model_file(p, c);
  const KernelModel back = load_model_file(p);
  ASSERT_TRUE(back.regression.has_value());
  EXPECT_EQ(back.regression->coef, (std::vector<double>{3, 4, 5}));
  EXPECT_EQ(back.entries.at(1).count, 3u);
}

// ------------------------------------------------------------- calibration

// Durations from known terms: 1e-4 + 2e-9*NB^3 + 5e-10*NB^2*MB, 0.5% noise.
std::vector<Record> generated(const std::string& kernel = "dgemm", unsigned seed = 7) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0, 0.005);
  std::vector<Record> out;
  for (double nb : {64, 128, 256, 384, 512, 768, 1024})
    for (double mb : {32, 64, 128, 512, 1024, 2048})
      for (int rep = 0; rep < 3; ++rep) {
        Record r;
        r.kernel = kernel;
        r.arch = "cpu";
        r.footprint = static_cast<uint64_t>(nb * 4096 + mb);
        r.bytes = static_cast<uint64_t>(nb * mb * 8);
        r.seconds = (1e-4 + 2e-9 * nb * nb * nb + 5e-10 * nb * nb * mb) * (1 + noise(rng));
        r.params = {{"NB", nb}, {"MB", mb}};
        out.push_back(r);
      }
  return out;
}

TEST(Calibrate, RecoversKnownTermsAndWritesThemToTheModelFile) {
  TempDir dir;
  const auto cals = calibrate(generated(), {});
  ASSERT_EQ(cals.size(), 1u);
  const KernelCalibration& c = cals[0];
  ASSERT_TRUE(c.fit.has_value()) << c.note;
  EXPECT_EQ(c.fit->terms, parse_terms("1, MB*NB^2, NB^3"));
  EXPECT_EQ(c.durations.size(), 126u);
  EXPECT_EQ(c.model.entries.size(), 42u);
  EXPECT_GT(c.fit->adj_r2, 0.999);
  EXPECT_NEAR(c.fit->coef[1], 5e-10, 5e-11);
  EXPECT_NEAR(c.fit->coef[2], 2e-9, 1e-10);

  write_models(dir.path(), cals);
  const KernelModel m = load_model_file(dir.path() / "dgemm.cpu.json");
  ASSERT_TRUE(m.regression.has_value());
  EXPECT_EQ(m.regression->terms, c.fit->terms);
  EXPECT_EQ(m.regression->coef, c.fit->coef);
  EXPECT_EQ(m.regression->n, 126u);
  EXPECT_EQ(m.entries.size(), 42u);
  EXPECT_EQ(m.entries.begin()->second.count, 3u);

  EXPECT_NE(summary_line(c).find("dgemm/cpu: 126 observations, 42 footprints, mean "),
            std::string::npos)
      << summary_line(c);
  EXPECT_NE(summary_line(c).find("terms 1 + MB*NB^2 + NB^3, adj R^2 "), std::string::npos);
  EXPECT_NE(emit_c_all(cals).find("double hcc_model_dgemm_cpu(double MB, double NB)"),
            std::string::npos)
      << emit_c_all(cals);
}

TEST(Calibrate, GivenTermsAreFittedAndUnfittableTermsAreAnError) {
  CalibrateOptions o;
  o.terms = parse_terms("NB^3");
  const auto cals = calibrate(generated(), o);
  ASSERT_TRUE(cals[0].fit.has_value());
  EXPECT_EQ(cals[0].fit->terms, parse_terms("1, NB^3"));
  o.terms = parse_terms("KB");
  try {
    calibrate(generated(), o);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("dgemm/cpu: cannot fit the terms: ", 0), 0u) << e.what();
  }
}

TEST(Calibrate, ParamsRestrictWhatSelectionUses) {
  CalibrateOptions o;
  o.params = {"NB"};
  const auto cals = calibrate(generated(), o);
  ASSERT_TRUE(cals[0].fit.has_value());
  EXPECT_EQ(cals[0].params, std::vector<std::string>{"NB"});
  for (const Term& t : cals[0].fit->terms) EXPECT_EQ(t.str().find("MB"), std::string::npos) << t.str();
  o.params = {"KB"};
  try {
    calibrate(generated(), o);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "dgemm/cpu: --params names 'KB', which is not a parameter of every record of this kernel");
  }
}

TEST(Calibrate, KernelFilterAndRecordsWithoutParameters) {
  auto recs = generated("a");
  Record plain;
  plain.kernel = "b";
  plain.arch = "cuda";
  plain.footprint = 1;
  plain.seconds = 0.25;
  recs.push_back(plain);
  const auto all = calibrate(recs, {});
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[1].kernel, "b");
  EXPECT_FALSE(all[1].fit.has_value());
  EXPECT_EQ(all[1].note, "no parameters in the records");
  CalibrateOptions o;
  o.kernel = "b";
  EXPECT_EQ(calibrate(recs, o).size(), 1u);
  o.kernel = "zzz";
  EXPECT_THROW(calibrate(recs, o), std::invalid_argument);
}

TEST(Calibrate, MergingKeepsOlderObservations) {
  TempDir dir;
  write_models(dir.path(), calibrate(generated("dgemm", 1), {}));
  write_models(dir.path(), calibrate(generated("dgemm", 2), {}));
  const KernelModel m = load_model_file(dir.path() / "dgemm.cpu.json");
  EXPECT_EQ(m.entries.size(), 42u);
  for (const auto& [fp, e] : m.entries) EXPECT_EQ(e.count, 6u);
  EXPECT_EQ(m.regression->n, 126u);  // the newer calibration's
}

TEST(Calibrate, ConcurrentCalibrationsBothLand) {
  TempDir dir;
  const auto a = calibrate(generated("dgemm", 1), {});
  const auto b = calibrate(generated("dgemm", 2), {});
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i)
    threads.emplace_back([&, i] { write_models(dir.path(), i % 2 ? a : b); });
  for (auto& t : threads) t.join();
  const KernelModel m = load_model_file(dir.path() / "dgemm.cpu.json");
  for (const auto& [fp, e] : m.entries) EXPECT_EQ(e.count, 12u);
  for (const auto& e : fs::directory_iterator(dir.path()))
    EXPECT_EQ(e.path().filename(), "dgemm.cpu.json");  // no temporary or lock file left
}

TEST(Calibrate, CorruptModelFileIsReportedAndLeftUntouched) {
  TempDir dir;
  const std::string corrupt = R"({"schema_version":1,"kernel":"dgemm","arch":"cpu","entries":[{"footprint":"0xzz"}]})";
  spit(dir.path() / "dgemm.cpu.json", corrupt);
  auto recs = generated("dgemm");
  for (Record r : generated("aaa")) recs.push_back(r);  // sorted first: must not be written either
  try {
    write_models(dir.path(), calibrate(recs, {}));
    FAIL() << "no error";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("dgemm.cpu.json: entries[0]"), std::string::npos) << e.what();
  }
  EXPECT_EQ(slurp(dir.path() / "dgemm.cpu.json"), corrupt);
  EXPECT_FALSE(fs::exists(dir.path() / "aaa.cpu.json"));
}

TEST(Calibrate, HtmlReportHasTablesAndPlots) {
  auto recs = generated("dgemm");
  for (Record r : generated("potrf")) recs.push_back(r);
  Record plain;
  plain.kernel = "copy<&>";
  plain.arch = "cpu";
  plain.seconds = 1;
  recs.push_back(plain);
  const auto cals = calibrate(recs, {});
  const std::string h = html_report(cals);
  const auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = h.find(what); at != std::string::npos; at = h.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(h.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(count("<tr><td>NB^3</td><td>"), 2u);
  EXPECT_EQ(count("<tr><td>MB*NB^2</td><td>"), 2u);
  EXPECT_EQ(count("<tr><td>1</td><td>"), 2u);
  EXPECT_EQ(count("<th>95% CI low</th>"), 2u);
  EXPECT_EQ(count("<tr><td>adjusted R²</td>"), 2u);
  EXPECT_EQ(count("<tr><td>CV RMSE (s)</td>"), 2u);
  EXPECT_EQ(count("<tr><td>n</td><td>126</td></tr>"), 2u);
  EXPECT_EQ(count("class=\"residuals\""), 2u);
  EXPECT_EQ(count("class=\"qq\""), 2u);
  EXPECT_EQ(count("class=\"histogram\""), 3u);
  EXPECT_EQ(count("<svg"), 7u);
  EXPECT_EQ(count("</svg>"), 7u);
  EXPECT_NE(h.find("copy&lt;&amp;&gt;"), std::string::npos);
  EXPECT_EQ(h.find("copy<&>"), std::string::npos);
  EXPECT_EQ(h.find("http://") , h.find("http://www.w3.org/2000/svg"));  // no external assets
  EXPECT_EQ(h.find("<script"), std::string::npos);
  EXPECT_EQ(h.find("<link"), std::string::npos);
}

TEST(Calibrate, WriteFileAtomically) {
  TempDir dir;
  const fs::path p = dir.path() / "out.html";
  write_output_file(p, "one");
  write_output_file(p, "two");
  EXPECT_EQ(slurp(p), "two");
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++files;
  EXPECT_EQ(files, 1u);
  EXPECT_THROW(write_output_file(dir.path() / "no" / "dir.html", "x"), std::runtime_error);
}

TEST(Calibrate, FunctionNamesAreSanitised) {
  EXPECT_EQ(c_function_name("my-kernel<2>", "cuda"), "hcc_model_my_kernel_2__cuda");
  EXPECT_EQ(xml_escape("a<b&\"c'"), "a&lt;b&amp;&quot;c&#39;");
}

}  // namespace
}  // namespace hcc::models
