// Holds the backend's control lock for a scope.
#pragma once

#include "backend.hpp"

namespace hcc::rt {

class Locked {
 public:
  explicit Locked(Backend& b) : b_(b) { b_.lock(); }
  ~Locked() { b_.unlock(); }
  Locked(const Locked&) = delete;
  Locked& operator=(const Locked&) = delete;

 private:
  Backend& b_;
};

}  // namespace hcc::rt
