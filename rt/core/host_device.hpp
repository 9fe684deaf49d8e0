// The device numbers that name the host, the only device there is (target
// constructs run on it: rt/omp/devices.cpp): the initial device, 0 =
// omp_get_num_devices(), or OpenMP 5.2's omp_initial_device, -1. Any other
// number names no device.
#pragma once

namespace hcc::rt {

inline bool host_device(int device) { return device == 0 || device == -1; }

}  // namespace hcc::rt
