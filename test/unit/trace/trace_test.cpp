// Tests of the records and trace writers (rt/core/trace.cpp).
#include "trace.hpp"

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <locale>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fs = std::filesystem;
using hcc::rt::TaskRecord;
using hcc::rt::TraceRecorder;
using hcc::rt::TransferRecord;
using hcc::rt::WorkerInfo;

namespace {

std::vector<WorkerInfo> two_workers() {
  return {{0, "cpu0", "cpu", 0}, {1, "cuda0", "cuda", 1}};
}

TaskRecord rec(uint64_t id, std::string kernel, std::string arch, int worker, double submit, double start,
               double end, std::string params = "", uint64_t footprint = 0xabcdef) {
  return TaskRecord{id, std::move(kernel), std::move(arch), worker, footprint, submit, start, end,
                    std::move(params), 100 * id, 10 * id};
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

class TraceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("hcc-trace-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

// A recorder with a little of everything: two workers, back-to-back tasks,
// transfers both ways, memory samples on two nodes.
void feed(TraceRecorder& r) {
  r.memory(0, 0.0, 4096);
  r.task(rec(1, "dgemm", "cpu", 0, 0.0, 0.001, 0.0035, "NB=960;MB=1920"));
  r.transfer(TransferRecord{0, 1, 4096, 0.0005, 0.0015, 1});
  r.memory(1, 0.0005, 4096);
  r.task(rec(2, "dgemm", "cuda", 1, 0.0, 0.0015, 0.0025, "NB=960;MB=1920"));
  r.task(rec(3, "dpotrf", "cpu", 0, 0.0, 0.0035, 0.004));  // starts when 1 ends
  r.transfer(TransferRecord{1, 0, 4096, 0.0025, 0.003, 1});
  r.memory(1, 0.003, 0);
  r.task(rec(4, "dtrsm", "cpu", 0, 0.001, 0.005, 0.005));  // zero duration
}

// ---- A strict Paje checker (the rules of pajeng's PajeDefinitions.cc and
// PajeSimulator.cc that a trace can break).

// Splits a line like pajeng's PajeEventDecoder::break_line.
std::vector<std::string> paje_words(const std::string& line) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i >= line.size() || line[i] == '#') break;
    if (line[i] == '"') {
      const size_t end = line.find('"', i + 1);
      if (end == std::string::npos) throw std::runtime_error("unterminated string in: " + line);
      words.push_back(line.substr(i + 1, end - i - 1));
      i = end + 1;
    } else {
      size_t end = i;
      while (end < line.size() && !std::isspace(static_cast<unsigned char>(line[end]))) ++end;
      words.push_back(line.substr(i, end - i));
      i = end;
    }
  }
  return words;
}

struct PajeCheck {
  std::map<std::string, std::vector<std::string>> obligatory = {
      {"PajeDefineContainerType", {"Name", "Type"}},
      {"PajeDefineStateType", {"Name", "Type"}},
      {"PajeDefineVariableType", {"Name", "Type"}},
      {"PajeDefineEventType", {"Name", "Type"}},
      {"PajeDefineLinkType", {"Name", "Type", "StartContainerType", "EndContainerType"}},
      {"PajeDefineEntityValue", {"Name", "Type"}},
      {"PajeCreateContainer", {"Time", "Name", "Type", "Container"}},
      {"PajeDestroyContainer", {"Time", "Name", "Type"}},
      {"PajeSetState", {"Time", "Type", "Container", "Value"}},
      {"PajeSetVariable", {"Time", "Type", "Container", "Value"}},
      {"PajeStartLink", {"Time", "Type", "Container", "Value", "StartContainer", "Key"}},
      {"PajeEndLink", {"Time", "Type", "Container", "Value", "EndContainer", "Key"}},
  };
  std::set<std::string> field_names = {"Time", "Name", "Type", "Container", "StartContainerType",
                                       "EndContainerType", "StartContainer", "EndContainer", "Value",
                                       "Key", "Alias", "Color"};
  std::set<std::string> field_types = {"string", "float", "double", "int", "hex", "date", "color"};

  struct Def {
    std::string event;
    std::vector<std::string> fields;
  };
  struct Type {
    std::string kind, parent, start, end;
  };
  struct Container {
    std::string type;
    bool destroyed = false;
  };
  struct Link {
    std::string value, container;
    double start;
  };

  std::map<std::string, Def> defs;
  std::map<std::string, Type> types{{"0", {"container", "", "", ""}}};
  std::map<std::string, Container> containers{{"0", {"0", false}}};
  std::map<std::string, std::set<std::string>> values;  // type -> defined values
  std::map<std::string, Link> pending_links;
  std::set<std::string> used_keys;
  std::map<std::string, int> event_counts;
  std::vector<std::vector<std::string>> events;  // event name + fields
  double last_time = -1e300;

  void run(const std::string& text) {
    ASSERT_FALSE(text.empty());
    ASSERT_EQ(text.back(), '\n');
    Def* open = nullptr;
    std::string open_id;
    int n = 0;
    bool in_events = false;
    for (const std::string& line : lines(text)) {
      ++n;
      SCOPED_TRACE("line " + std::to_string(n) + ": " + line);
      std::vector<std::string> w = paje_words(line);
      if (w.empty()) continue;
      if (w[0][0] == '%') {
        ASSERT_FALSE(in_events) << "definition after the first event";
        std::string head = w[0].substr(1);
        size_t k = 1;
        if (head.empty()) head = w[k++];
        if (head == "EventDef") {
          ASSERT_EQ(open, nullptr);
          ASSERT_EQ(w.size(), k + 2);
          ASSERT_TRUE(obligatory.count(w[k])) << "unexpected event " << w[k];
          ASSERT_FALSE(defs.count(w[k + 1])) << "id redefined";
          open_id = w[k + 1];
          open = &defs[open_id];
          open->event = w[k];
        } else if (head == "EndEventDef") {
          ASSERT_NE(open, nullptr);
          for (const std::string& f : obligatory[open->event])
            EXPECT_NE(std::find(open->fields.begin(), open->fields.end(), f), open->fields.end())
                << open->event << " lacks " << f;
          open = nullptr;
        } else {
          ASSERT_NE(open, nullptr);
          ASSERT_EQ(w.size(), k + 1);
          EXPECT_TRUE(field_names.count(head)) << "unknown field " << head;
          EXPECT_TRUE(field_types.count(w[k])) << "unknown field type " << w[k];
          EXPECT_EQ(std::count(open->fields.begin(), open->fields.end(), head), 0) << "duplicate " << head;
          open->fields.push_back(head);
        }
        continue;
      }
      in_events = true;
      ASSERT_EQ(open, nullptr);
      ASSERT_TRUE(defs.count(w[0])) << "event id " << w[0] << " not defined";
      const Def& def = defs[w[0]];
      ASSERT_EQ(w.size(), def.fields.size() + 1) << def.event;
      std::map<std::string, std::string> f;
      for (size_t i = 0; i < def.fields.size(); ++i) f[def.fields[i]] = w[i + 1];
      event_counts[def.event]++;
      std::vector<std::string> ev{def.event};
      ev.insert(ev.end(), w.begin() + 1, w.end());
      events.push_back(ev);
      if (f.count("Time")) {
        char* end = nullptr;
        const double t = std::strtod(f["Time"].c_str(), &end);
        ASSERT_EQ(*end, '\0') << "bad time";
        ASSERT_GE(t, last_time) << "time goes backwards";
        last_time = t;
      }
      ASSERT_NO_FATAL_FAILURE(apply(def.event, f));
    }
    ASSERT_EQ(open, nullptr);
    EXPECT_TRUE(pending_links.empty()) << "incomplete links";
  }

  std::string id(std::map<std::string, std::string>& f) { return f["Alias"].empty() ? f["Name"] : f["Alias"]; }

  const Container& live(const std::string& c) {
    static const Container none{"", true};
    auto it = containers.find(c);
    EXPECT_NE(it, containers.end()) << "container " << c << " used before it is created";
    if (it == containers.end()) return none;
    EXPECT_FALSE(it->second.destroyed) << "container " << c << " used after it is destroyed";
    return it->second;
  }

  void apply(const std::string& e, std::map<std::string, std::string>& f) {
    if (e.rfind("PajeDefine", 0) == 0 && e != "PajeDefineEntityValue") {
      ASSERT_TRUE(types.count(f["Type"])) << "parent type " << f["Type"] << " not defined";
      ASSERT_EQ(types[f["Type"]].kind, "container");
      ASSERT_FALSE(types.count(id(f))) << "type redefined";
      const std::string kind = e == "PajeDefineContainerType" ? "container"
                               : e == "PajeDefineStateType"   ? "state"
                               : e == "PajeDefineVariableType" ? "variable"
                               : e == "PajeDefineLinkType"     ? "link"
                                                               : "event";
      Type t{kind, f["Type"], f["StartContainerType"], f["EndContainerType"]};
      if (kind == "link") {
        ASSERT_EQ(types[t.start].kind, "container");
        ASSERT_EQ(types[t.end].kind, "container");
      }
      types[id(f)] = t;
    } else if (e == "PajeDefineEntityValue") {
      ASSERT_TRUE(types.count(f["Type"]));
      ASSERT_TRUE(types[f["Type"]].kind == "state" || types[f["Type"]].kind == "link");
      ASSERT_TRUE(values[f["Type"]].insert(id(f)).second) << "value redefined";
    } else if (e == "PajeCreateContainer") {
      ASSERT_TRUE(types.count(f["Type"]));
      ASSERT_EQ(types[f["Type"]].kind, "container");
      const Container& parent = live(f["Container"]);
      ASSERT_EQ(types[f["Type"]].parent, parent.type) << "container type not a child of its parent's";
      ASSERT_FALSE(containers.count(id(f))) << "container " << id(f) << " already exists";
      containers[id(f)] = Container{f["Type"], false};
    } else if (e == "PajeDestroyContainer") {
      const Container& c = live(f["Name"]);
      ASSERT_EQ(c.type, f["Type"]);
      ASSERT_EQ(pending_links.size(), 0u);
      containers[f["Name"]].destroyed = true;
    } else if (e == "PajeSetState" || e == "PajeSetVariable") {
      ASSERT_TRUE(types.count(f["Type"]));
      ASSERT_EQ(types[f["Type"]].kind, e == "PajeSetState" ? "state" : "variable");
      ASSERT_EQ(types[f["Type"]].parent, live(f["Container"]).type);
      if (e == "PajeSetVariable") {
        char* end = nullptr;
        std::strtod(f["Value"].c_str(), &end);
        ASSERT_EQ(*end, '\0') << "bad variable value";
      }
    } else if (e == "PajeStartLink" || e == "PajeEndLink") {
      ASSERT_TRUE(types.count(f["Type"]));
      const Type& t = types[f["Type"]];
      ASSERT_EQ(t.kind, "link");
      ASSERT_EQ(t.parent, live(f["Container"]).type);
      const std::string& key = f["Key"];
      ASSERT_FALSE(used_keys.count(key)) << "key reused";
      if (e == "PajeStartLink") {
        ASSERT_EQ(live(f["StartContainer"]).type, t.start);
        ASSERT_FALSE(pending_links.count(key)) << "link started twice";
        pending_links[key] = Link{f["Value"], f["Container"], last_time};
      } else {
        ASSERT_EQ(live(f["EndContainer"]).type, t.end);
        ASSERT_TRUE(pending_links.count(key)) << "link ends before it starts";
        ASSERT_EQ(pending_links[key].value, f["Value"]);
        ASSERT_EQ(pending_links[key].container, f["Container"]);
        pending_links.erase(key);
        used_keys.insert(key);
      }
    } else {
      FAIL() << "unexpected event " << e;
    }
  }
};

}  // namespace

// ---- Records CSV ------------------------------------------------------------

TEST_F(TraceTest, RecordsCsvHeaderSortedRowsAndQuoting) {
  TraceRecorder r(two_workers(), 2);
  r.task(rec(7, "late", "cpu", 0, 0.5, 2.0, 2.25));
  TaskRecord timed_on_cpu = rec(5, "gemm,\"blocked\"", "cuda", 1, 0.0, 1.0, 1.5, "NB=960;MB=1920");
  timed_on_cpu.cpu = 0.375;  // the cpu column: empty for the others
  timed_on_cpu.weight = 64;  // a sampled run's: 1 for the others
  r.task(timed_on_cpu);
  r.task(rec(6, "tie_w0", "cpu", 0, 0.0, 1.0, 1.125, "label=a,b"));
  r.task(rec(3, "tie_w1_low_id", "cuda", 1, 0.0, 1.0, 1.0, "", 0x1));
  EXPECT_EQ(r.task_count(), 4u);
  const fs::path p = dir_ / "records.csv";
  r.write_records_csv(p.string());
  const std::vector<std::string> l = lines(slurp(p));
  ASSERT_EQ(l.size(), 5u);
  EXPECT_EQ(l[0], "id,kernel,arch,worker,footprint,submit,start,end,duration,bytes_in,bytes_out,params,cpu,weight");
  // (start, worker, id): 6 (w0), then 3 and 5 (w1, by id), then 7.
  EXPECT_EQ(l[1], "6,tie_w0,cpu,0,0x0000000000abcdef,0.000000000,1.000000000,1.125000000,0.125000000,600,60,"
                  "\"label=a,b\",,1");
  EXPECT_EQ(l[2], "3,tie_w1_low_id,cuda,1,0x0000000000000001,0.000000000,1.000000000,1.000000000,0.000000000,"
                  "300,30,,,1");
  EXPECT_EQ(l[3], "5,\"gemm,\"\"blocked\"\"\",cuda,1,0x0000000000abcdef,0.000000000,1.000000000,1.500000000,"
                  "0.500000000,500,50,NB=960;MB=1920,0.375000000,64");
  EXPECT_EQ(l[4], "7,late,cpu,0,0x0000000000abcdef,0.500000000,2.000000000,2.250000000,0.250000000,700,70,,,1");
}

namespace {
struct CommaNumpunct : std::numpunct<char> {
  char do_decimal_point() const override { return ','; }
  char do_thousands_sep() const override { return '.'; }
  std::string do_grouping() const override { return "\3"; }
};
}  // namespace

TEST_F(TraceTest, OutputIsLocaleIndependent) {
  TraceRecorder r(two_workers(), 1);
  r.task(rec(1234, "k", "cpu", 0, 0.0, 0.5, 1.25));
  r.memory(0, 0.5, 1234567);
  const std::string csv = r.records_csv(), mem = r.memory_csv(), paje = r.paje(), chrome = r.chrome();
  // A C++ global locale with a decimal comma and digit grouping.
  const std::locale old = std::locale::global(std::locale(std::locale::classic(), new CommaNumpunct));
  EXPECT_EQ(r.records_csv(), csv);
  EXPECT_EQ(r.memory_csv(), mem);
  EXPECT_EQ(r.paje(), paje);
  EXPECT_EQ(r.chrome(), chrome);
  std::locale::global(old);
  EXPECT_NE(csv.find("1234,k,cpu,0,0x0000000000abcdef,0.000000000,0.500000000,1.250000000,0.750000000"),
            std::string::npos)
      << csv;
  EXPECT_NE(mem.find("0.500000000,0,1234567"), std::string::npos) << mem;
  // The C locale too, where one with a decimal comma is installed.
  for (const char* name : {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "fr_FR.utf8"}) {
    if (!std::setlocale(LC_ALL, name)) continue;
    const std::string c_csv = r.records_csv(), c_paje = r.paje(), c_chrome = r.chrome();
    std::setlocale(LC_ALL, "C");
    EXPECT_EQ(c_csv, csv);
    EXPECT_EQ(c_paje, paje);
    EXPECT_EQ(c_chrome, chrome);
    break;
  }
}

// ---- Chrome -----------------------------------------------------------------

TEST_F(TraceTest, ChromeJsonHasExactEvents) {
  TraceRecorder r(two_workers(), 2);
  feed(r);
  const fs::path p = dir_ / "trace.json";
  r.write_chrome(p.string());
  const nlohmann::json j = nlohmann::json::parse(slurp(p));
  ASSERT_TRUE(j.contains("traceEvents"));
  EXPECT_EQ(j["displayTimeUnit"], "ms");

  std::map<uint64_t, nlohmann::json> tasks;
  std::vector<nlohmann::json> transfers, counters;
  std::map<int, std::string> thread_names;
  for (const nlohmann::json& e : j["traceEvents"]) {
    ASSERT_EQ(e["pid"], 0);
    if (e["ph"] == "X" && e["cat"] == "transfer") transfers.push_back(e);
    else if (e["ph"] == "X") tasks[e["args"]["id"].get<uint64_t>()] = e;
    else if (e["ph"] == "C") counters.push_back(e);
    else if (e["ph"] == "M" && e["name"] == "thread_name")
      thread_names[e["tid"].get<int>()] = e["args"]["name"].get<std::string>();
  }
  ASSERT_EQ(tasks.size(), 4u);
  const nlohmann::json& t1 = tasks[1];
  EXPECT_EQ(t1["name"], "dgemm");
  EXPECT_EQ(t1["cat"], "cpu");
  EXPECT_EQ(t1["tid"], 0);
  EXPECT_EQ(t1["ts"].get<double>(), 1000.0);  // 0.001 s
  EXPECT_EQ(t1["dur"].get<double>(), 2500.0);
  EXPECT_EQ(t1["args"]["footprint"], "0x0000000000abcdef");
  EXPECT_EQ(t1["args"]["params"], "NB=960;MB=1920");
  EXPECT_EQ(t1["args"]["bytes_in"], 100);
  EXPECT_EQ(t1["args"]["bytes_out"], 10);
  EXPECT_EQ(tasks[2]["tid"], 1);
  EXPECT_EQ(tasks[2]["ts"].get<double>(), 1500.0);
  EXPECT_EQ(tasks[2]["dur"].get<double>(), 1000.0);
  EXPECT_EQ(tasks[4]["ts"].get<double>(), 5000.0);
  EXPECT_EQ(tasks[4]["dur"].get<double>(), 0.0);
  EXPECT_EQ(thread_names[0], "cpu0");
  EXPECT_EQ(thread_names[1], "cuda0");

  ASSERT_EQ(transfers.size(), 2u);
  EXPECT_EQ(transfers[0]["name"], "transfer 0->1");
  EXPECT_EQ(transfers[0]["ts"].get<double>(), 500.0);
  EXPECT_EQ(transfers[0]["dur"].get<double>(), 1000.0);
  EXPECT_EQ(transfers[0]["args"]["bytes"], 4096);
  EXPECT_EQ(transfers[1]["name"], "transfer 1->0");
  const int up = transfers[0]["tid"].get<int>(), down = transfers[1]["tid"].get<int>();
  EXPECT_NE(up, down);
  EXPECT_GT(up, 1);  // not a worker's tid
  EXPECT_GT(down, 1);
  EXPECT_EQ(thread_names[up], "transfer 0->1");
  EXPECT_EQ(thread_names[down], "transfer 1->0");

  ASSERT_EQ(counters.size(), 3u);
  EXPECT_EQ(counters[0]["name"], "memory node 0");
  EXPECT_EQ(counters[1]["name"], "memory node 1");
  EXPECT_EQ(counters[1]["ts"].get<double>(), 500.0);
  EXPECT_EQ(counters[1]["args"]["bytes"], 4096);
  EXPECT_EQ(counters[2]["args"]["bytes"], 0);
}

TEST_F(TraceTest, ChromeEscapesStrings) {
  TraceRecorder r(two_workers(), 1);
  r.task(rec(1, "k\"q\\\n\t", "cpu", 0, 0, 0, 1, "a=\"1\"", 0));
  r.task(rec(2, std::string("bad\xff utf8"), "cpu", 0, 0, 1, 2));
  const nlohmann::json j = nlohmann::json::parse(r.chrome());
  std::set<std::string> names;
  for (const auto& e : j["traceEvents"])
    if (e["ph"] == "X") names.insert(e["name"].get<std::string>());
  EXPECT_TRUE(names.count("k\"q\\\n\t"));
  EXPECT_TRUE(names.count("bad\xef\xbf\xbd utf8"));  // U+FFFD
}

// ---- Paje -------------------------------------------------------------------

TEST_F(TraceTest, PajeIsWellFormed) {
  TraceRecorder r(two_workers(), 2);
  feed(r);
  const fs::path p = dir_ / "trace.paje";
  r.write_paje(p.string());
  PajeCheck check;
  ASSERT_NO_FATAL_FAILURE(check.run(slurp(p)));

  EXPECT_EQ(check.event_counts["PajeCreateContainer"], 1 + 2 + 2);
  EXPECT_EQ(check.event_counts["PajeDestroyContainer"], 1 + 2 + 2);
  EXPECT_EQ(check.event_counts["PajeStartLink"], 2);
  EXPECT_EQ(check.event_counts["PajeEndLink"], 2);
  EXPECT_EQ(check.event_counts["PajeSetVariable"], 2 + 3);  // initial zeros + samples

  // Type hierarchy and names.
  EXPECT_EQ(check.types.size(), 1u + 6u);
  std::set<std::string> container_names, type_names;
  for (const auto& e : check.events) {
    if (e[0] == "PajeCreateContainer") container_names.insert(e[5]);
    if (e[0].rfind("PajeDefine", 0) == 0 && e[0] != "PajeDefineEntityValue") type_names.insert(e.back());
  }
  EXPECT_EQ(container_names, (std::set<std::string>{"program", "cpu0", "cuda0", "node0", "node1"}));
  EXPECT_TRUE(type_names.count("Program") && type_names.count("Worker") && type_names.count("MemoryNode") &&
              type_names.count("State") && type_names.count("Transfer"));

  // Worker cpu0's states: dgemm at 1 ms, dpotrf at 3.5 ms (no Idle in
  // between: back to back), Idle at 4 ms, dtrsm and Idle at 5 ms.
  std::vector<std::string> w0;
  for (const auto& e : check.events)
    if (e[0] == "PajeSetState" && e[3] == "w0") w0.push_back(e[1] + " " + e[4]);
  EXPECT_EQ(w0, (std::vector<std::string>{"0.001000000 dgemm", "0.003500000 dpotrf", "0.004000000 Idle",
                                          "0.005000000 dtrsm", "0.005000000 Idle"}));
  // The memory variable of node 1.
  std::vector<std::string> n1;
  for (const auto& e : check.events)
    if (e[0] == "PajeSetVariable" && e[3] == "n1") n1.push_back(e[1] + " " + e[4]);
  EXPECT_EQ(n1, (std::vector<std::string>{"0.000000000 0", "0.000500000 4096", "0.003000000 0"}));
}

TEST_F(TraceTest, PajeHandlesOddNamesUnknownWorkersAndOverlaps) {
  TraceRecorder r({{0, "cpu 0", "cpu", 0}}, 1);
  r.task(rec(1, "Name", "cpu", 0, 0, 0.0, 1.0));        // a Paje keyword
  r.task(rec(2, "k \"x\" #1", "cpu", 0, 0, 0.5, 0.75));  // overlaps 1
  r.task(rec(3, "", "cpu", 0, 0, 2.0, 3.0));
  r.task(rec(4, "k 'x' #1", "cuda", 5, 0, 1.0, 2.0));    // worker 5 was not declared
  r.task(rec(5, "Idle", "cuda", 5, 0, 2.0, 2.5));
  r.transfer(TransferRecord{0, 2, 10, 1.0, 0.5, 5});  // end < start, node 2 undeclared
  r.memory(3, 0.25, 10);
  PajeCheck check;
  ASSERT_NO_FATAL_FAILURE(check.run(r.paje()));
  EXPECT_EQ(check.event_counts["PajeCreateContainer"], 1 + 2 + 4);
}

TEST_F(TraceTest, PajeOfAnEmptyRecorder) {
  TraceRecorder r({}, 0);
  PajeCheck check;
  ASSERT_NO_FATAL_FAILURE(check.run(r.paje()));
  EXPECT_EQ(check.event_counts["PajeCreateContainer"], 1);
  EXPECT_EQ(lines(r.records_csv()).size(), 1u);
  EXPECT_EQ(lines(r.memory_csv()).size(), 1u);
  EXPECT_TRUE(nlohmann::json::accept(r.chrome()));
}

// The checker itself must reject what pajeng rejects.
TEST_F(TraceTest, PajeCheckerRejectsBrokenTraces) {
  TraceRecorder r(two_workers(), 2);
  feed(r);
  const std::string good = r.paje();
  auto fails = [](const std::string& text) {
    bool failed = false;
    {
      ::testing::TestPartResultArray results;
      ::testing::ScopedFakeTestPartResultReporter reporter(
          ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &results);
      PajeCheck check;
      check.run(text);
      failed = results.size() > 0;
    }
    return failed;
  };
  EXPECT_FALSE(fails(good));
  auto replace = [&good](const std::string& from, const std::string& to) {
    std::string s = good;
    const size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return s.replace(at, from.size(), to);
  };
  EXPECT_TRUE(fails(replace("%       Key string\n%EndEventDef\n%EventDef PajeEndLink",
                            "%EndEventDef\n%EventDef PajeEndLink")));  // StartLink lacks Key
  EXPECT_TRUE(fails(replace("7 0.001000000 S w0", "7 0.009000000 S w0")));  // time order
  EXPECT_TRUE(fails(replace("7 0.001000000 S w0", "7 0.001000000 S w7")));  // no such container
  EXPECT_TRUE(fails(replace("7 0.001000000 S w0", "12 0.001000000 S w0")));  // undefined id
  EXPECT_FALSE(fails(replace("8 0.000000000 M n0 0\n", "")));  // still valid
  EXPECT_TRUE(fails(replace("\n9 ", "\n#")));  // link never started
}

// ---- Memory -----------------------------------------------------------------

TEST_F(TraceTest, PeakMemoryPerNodeAndTotal) {
  TraceRecorder r(two_workers(), 2);
  EXPECT_EQ(r.peak_memory_total(), 0u);
  r.memory(0, 0.0, 100);
  r.memory(1, 0.1, 50);   // sum 150
  r.memory(0, 0.2, 300);  // sum 350
  r.memory(1, 0.3, 10);   // sum 310
  r.memory(0, 0.4, 20);   // sum 30
  r.memory(1, 0.5, 200);  // sum 220
  EXPECT_EQ(r.peak_memory(0), 300u);
  EXPECT_EQ(r.peak_memory(1), 200u);
  EXPECT_EQ(r.peak_memory_total(), 350u);
  EXPECT_EQ(r.peak_memory(2), 0u);
  EXPECT_EQ(r.peak_memory(-1), 0u);
  r.memory(3, 0.6, 1000);  // a node beyond the declared ones
  EXPECT_EQ(r.peak_memory(3), 1000u);
  EXPECT_EQ(r.peak_memory_total(), 1220u);
  EXPECT_EQ(r.memory_nodes(), 4);

  const fs::path p = dir_ / "memory.csv";
  r.write_memory_csv(p.string());
  const std::vector<std::string> l = lines(slurp(p));
  ASSERT_EQ(l.size(), 8u);
  EXPECT_EQ(l[0], "time,node,bytes_in_use");
  EXPECT_EQ(l[1], "0.000000000,0,100");
  EXPECT_EQ(l[3], "0.200000000,0,300");
  EXPECT_EQ(l[7], "0.600000000,3,1000");
}

TEST_F(TraceTest, ARunsProgramHeapReplayedInTimeOrderWithTheNodesSamples) {
  TraceRecorder r(two_workers(), 2);
  r.memory(0, 0.0, 100);
  r.memory(1, 0.1, 50);
  r.memory(0, 0.3, 20);
  // An instrumented run's program heap, told once its threads' logs merged.
  r.replay_program_memory({{0.05, 1000}, {0.2, 10}, {0.25, 0}});
  EXPECT_EQ(r.peak_memory(0), 1100u);         // 100 + 1000 at 0.05
  EXPECT_EQ(r.peak_memory_total(), 1150u);    // and node 1's 50 at 0.1
  const std::vector<std::string> l = lines(r.memory_csv());
  ASSERT_EQ(l.size(), 7u);
  EXPECT_EQ(l[1], "0.000000000,0,100");
  EXPECT_EQ(l[2], "0.050000000,0,1100");
  EXPECT_EQ(l[3], "0.100000000,1,50");
  EXPECT_EQ(l[4], "0.200000000,0,110");
  EXPECT_EQ(l[5], "0.250000000,0,100");
  EXPECT_EQ(l[6], "0.300000000,0,20");
  TraceRecorder untouched(two_workers(), 2);
  untouched.memory(0, 0.0, 100);
  untouched.replay_program_memory({});  // nothing allocated: the samples stay
  EXPECT_EQ(untouched.memory_csv(), "time,node,bytes_in_use\n0.000000000,0,100\n");
}

// ---- Determinism and files ----------------------------------------------------

TEST_F(TraceTest, SameRecordsGiveByteIdenticalFiles) {
  TraceRecorder a(two_workers(), 2), b(two_workers(), 2);
  feed(a);
  feed(b);
  const char* const names[] = {"records.csv", "trace.paje", "trace.json", "memory.csv"};
  for (const char* side : {"a", "b"}) {
    const TraceRecorder& r = side[0] == 'a' ? a : b;
    fs::create_directories(dir_ / side);
    r.write_records_csv((dir_ / side / names[0]).string());
    r.write_paje((dir_ / side / names[1]).string());
    r.write_chrome((dir_ / side / names[2]).string());
    r.write_memory_csv((dir_ / side / names[3]).string());
  }
  for (const char* n : names) {
    const std::string x = slurp(dir_ / "a" / n), y = slurp(dir_ / "b" / n);
    EXPECT_FALSE(x.empty()) << n;
    EXPECT_EQ(x, y) << n;
  }
}

TEST_F(TraceTest, TaskAndTransferOrderDoNotMatter) {
  // Native runs record tasks in completion order, which varies: the files
  // only depend on the records themselves.
  TraceRecorder a(two_workers(), 2), b(two_workers(), 2);
  const std::vector<TaskRecord> tasks = {rec(1, "a", "cpu", 0, 0, 0.0, 1.0), rec(2, "b", "cuda", 1, 0, 0.0, 2.0),
                                         rec(3, "c", "cpu", 0, 0, 1.0, 1.5), rec(4, "d", "cuda", 1, 0, 2.0, 2.0)};
  const std::vector<TransferRecord> xfers = {{0, 1, 8, 0.0, 0.5, 1}, {1, 0, 8, 0.25, 0.75, 1}};
  for (const auto& t : tasks) a.task(t);
  for (auto it = tasks.rbegin(); it != tasks.rend(); ++it) b.task(*it);
  for (const auto& x : xfers) a.transfer(x);
  for (auto it = xfers.rbegin(); it != xfers.rend(); ++it) b.transfer(*it);
  EXPECT_EQ(a.records_csv(), b.records_csv());
  EXPECT_EQ(a.paje(), b.paje());
  EXPECT_EQ(a.chrome(), b.chrome());
}

TEST_F(TraceTest, UnwritablePathThrowsWithThePath) {
  TraceRecorder r(two_workers(), 2);
  feed(r);
  const std::string bad = (dir_ / "no-such-dir" / "out.file").string();
  using Writer = void (TraceRecorder::*)(const std::string&) const;
  for (Writer w : {&TraceRecorder::write_records_csv, &TraceRecorder::write_paje, &TraceRecorder::write_chrome,
                   &TraceRecorder::write_memory_csv}) {
    try {
      (r.*w)(bad);
      ADD_FAILURE() << "no exception";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "cannot write " + bad + ": cannot create a temporary file in " +
                                           (dir_ / "no-such-dir").string() + ": No such file or directory");
    }
  }
  // A directory in the way: the rename fails, the temporary file is removed.
  fs::create_directories(dir_ / "taken");
  fs::create_directories(dir_ / "taken" / "sub");
  EXPECT_THROW(r.write_paje((dir_ / "taken").string()), std::runtime_error);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

TEST_F(TraceTest, WriteReplacesTheFileAndLeavesNoTemporary) {
  TraceRecorder r(two_workers(), 2);
  const fs::path p = dir_ / "records.csv";
  {
    std::ofstream old(p);
    old << "old contents that are longer than the new file\n";
  }
  r.task(rec(1, "k", "cpu", 0, 0, 0, 1));
  r.write_records_csv(p.string());
  EXPECT_EQ(slurp(p), r.records_csv());
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}
