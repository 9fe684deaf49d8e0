// Writing a whole file so that readers see the old contents or the new ones,
// never a part: model files, calibration reports, records and traces.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace hcc::models {

// what() says which step failed, without the destination's name, so that
// callers can put their own context first: "cannot create a temporary file in
// DIR: ...", "cannot write TMP: ...", "cannot rename TMP to it: ...".
struct AtomicWriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Writes text to a temporary file beside path, syncs it, renames it over
// path and syncs the directory. On failure the temporary file is removed and
// the previous contents of path are left as they were.
void write_file_atomically(const std::filesystem::path& path, const std::string& text);

}  // namespace hcc::models
