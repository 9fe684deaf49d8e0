// Platform file of this machine (hcc-calibrate --platform).
#include "hccmodels/platform.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace hcc::models;

TEST(Platform, XmlHasCpuHostOnly) {
  MachineDescription m;
  m.cores = 6;
  m.memory_bytes = 17179869184ull;
  m.memcpy_bytes_per_s = 1.25e10;
  const std::string x = platform_xml(m);
  EXPECT_NE(x.find("<platform version=\"4.1\">"), std::string::npos);
  EXPECT_NE(x.find("<host id=\"CPU\" speed=\"1Gf\" core=\"6\">"), std::string::npos);
  EXPECT_NE(x.find("<prop id=\"hcc.kind\" value=\"cpu\"/>"), std::string::npos);
  EXPECT_NE(x.find("<prop id=\"hcc.memory\" value=\"17179869184\"/>"), std::string::npos);
  EXPECT_NE(x.find("<prop id=\"hcc.memcpy_bandwidth\" value=\"1.25e+10\"/>"), std::string::npos);
  EXPECT_EQ(x.find("gpu"), std::string::npos);
  EXPECT_EQ(x.find("<link"), std::string::npos);
}

TEST(Platform, UnknownMemoryIsOmitted) {
  MachineDescription m;
  m.cores = 1;
  const std::string x = platform_xml(m);
  EXPECT_EQ(x.find("hcc.memory"), std::string::npos);
  EXPECT_EQ(x.find("hcc.memcpy_bandwidth"), std::string::npos);
  m.cores = 0;
  EXPECT_THROW(platform_xml(m), std::invalid_argument);
}

TEST(Platform, Detection) {
  EXPECT_GE(detect_cores(), 1u);
  EXPECT_GT(detect_memory_bytes(), 0u);
  EXPECT_EQ(cuda_device_count(), 0);
  EXPECT_GT(measure_memcpy_bandwidth(std::size_t{8} << 20, 2), 0);
  EXPECT_THROW(measure_memcpy_bandwidth(0, 1), std::invalid_argument);
}
