// Platform file of this machine (hcc-calibrate --platform).
#include "hccmodels/platform.hpp"

#include <gtest/gtest.h>
#include <sched.h>

#include <stdexcept>

using namespace hcc::models;

TEST(Platform, XmlHasCpuHostOnly) {
  MachineDescription m;
  m.cores = 6;
  m.memory_bytes = 17179869184ull;
  m.memcpy_bytes_per_s = 1.25e10;
  m.line_transfer_seconds = 3.16e-8;
  const std::string x = platform_xml(m);
  EXPECT_NE(x.find("<platform version=\"4.1\">"), std::string::npos);
  EXPECT_NE(x.find("<host id=\"CPU\" speed=\"1Gf\" core=\"6\">"), std::string::npos);
  EXPECT_NE(x.find("<prop id=\"hcc.kind\" value=\"cpu\"/>"), std::string::npos);
  EXPECT_NE(x.find("<prop id=\"hcc.speed_factor\" value=\"1\"/>"), std::string::npos);
  EXPECT_NE(x.find("<prop id=\"hcc.memory\" value=\"17179869184\"/>"), std::string::npos);
  EXPECT_NE(x.find("<prop id=\"hcc.memcpy_bandwidth\" value=\"1.25e+10\"/>"), std::string::npos);
  EXPECT_NE(x.find("<prop id=\"hcc.line_transfer\" value=\"3.16e-08\"/>"), std::string::npos);
  EXPECT_EQ(x.find("gpu"), std::string::npos);
  EXPECT_EQ(x.find("<link"), std::string::npos);
}

TEST(Platform, UnknownMemoryIsOmitted) {
  MachineDescription m;
  m.cores = 1;
  const std::string x = platform_xml(m);
  EXPECT_EQ(x.find("hcc.memory"), std::string::npos);
  EXPECT_EQ(x.find("hcc.memcpy_bandwidth"), std::string::npos);
  EXPECT_EQ(x.find("hcc.line_transfer"), std::string::npos);
  m.cores = 0;
  EXPECT_THROW(platform_xml(m), std::invalid_argument);
}

TEST(Platform, XmlWithGpusHasFig3bTopology) {
  MachineDescription m;
  m.cores = 8;
  m.gpus = {{"GPU A", 1ull << 34, 25e9, 8e-6, 26e9, 9e-6}, {"GPU B", 1ull << 34, 24e9, 1e-5, 23e9, 1.1e-5}};
  m.bus_bandwidth = 30e9;
  const std::string x = platform_xml(m);
  EXPECT_NE(x.find("CUDA0 GPU A, CUDA1 GPU B."), std::string::npos);
  EXPECT_NE(x.find("<host id=\"CUDA1\" speed=\"1Gf\">\n      <prop id=\"hcc.kind\" value=\"gpu\"/>\n"
                   "      <prop id=\"hcc.memory\" value=\"17179869184\"/>"),
            std::string::npos);
  EXPECT_NE(x.find("<link id=\"bus\" bandwidth=\"3e+10Bps\" latency=\"0s\"/>"), std::string::npos);
  EXPECT_NE(x.find("<link id=\"CUDA0-up\" bandwidth=\"2.5e+10Bps\" latency=\"8e-06s\"/>"), std::string::npos);
  EXPECT_NE(x.find("<link id=\"CUDA1-down\" bandwidth=\"2.3e+10Bps\" latency=\"1.1e-05s\"/>"), std::string::npos);
  EXPECT_NE(x.find("<route src=\"CPU\" dst=\"CUDA1\" symmetrical=\"NO\"><link_ctn id=\"CUDA1-up\"/>"
                   "<link_ctn id=\"bus\"/></route>"),
            std::string::npos);
  EXPECT_NE(x.find("<route src=\"CUDA0\" dst=\"CPU\" symmetrical=\"NO\"><link_ctn id=\"CUDA0-down\"/>"
                   "<link_ctn id=\"bus\"/></route>"),
            std::string::npos);
}

TEST(Platform, XmlRejectsUnmeasuredGpuLinks) {
  MachineDescription m;
  m.gpus = {{"GPU A", 0, 25e9, 8e-6, 26e9, 9e-6}};
  EXPECT_THROW(platform_xml(m), std::invalid_argument);  // no bus bandwidth
  m.bus_bandwidth = 30e9;
  EXPECT_NO_THROW(platform_xml(m));
  m.gpus[0].down_bandwidth = 0;
  EXPECT_THROW(platform_xml(m), std::invalid_argument);
  m.gpus[0].down_bandwidth = 26e9;
  m.gpus[0].up_latency = -1e-6;
  EXPECT_THROW(platform_xml(m), std::invalid_argument);
}

TEST(Platform, Detection) {
  EXPECT_GE(detect_cores(), 1u);
  EXPECT_GT(detect_memory_bytes(), 0u);
  EXPECT_GT(measure_memcpy_bandwidth(std::size_t{8} << 20, 2), 0);
  EXPECT_THROW(measure_memcpy_bandwidth(0, 1), std::invalid_argument);
  // A move costs something where two CPUs may be used, and is not measured
  // on one.
  cpu_set_t allowed;
  ASSERT_EQ(sched_getaffinity(0, sizeof allowed, &allowed), 0);
  const double line = measure_line_transfer(1);
  if (CPU_COUNT(&allowed) > 1) EXPECT_GE(line, 0);
  else EXPECT_EQ(line, -1);
}
