#include "hccmodels/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace hcc::models {
namespace fs = std::filesystem;

namespace {

// Writes, syncs and closes fd; returns 0 or the errno of the first failure
// (fd is closed either way).
int write_sync_close(int fd, const std::string& text) {
  int err = ::fchmod(fd, 0644) == 0 ? 0 : errno;
  const char* p = text.data();
  std::size_t left = text.size();
  while (err == 0 && left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno != EINTR) err = errno;
      continue;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  if (err == 0 && ::fsync(fd) != 0) err = errno;
  if (::close(fd) != 0 && err == 0) err = errno;
  return err;
}

}  // namespace

void write_file_atomically(const fs::path& path, const std::string& text) {
  const fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
  std::string tmp = (dir / ("." + path.filename().string() + ".tmp.XXXXXX")).string();
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0)
    throw AtomicWriteError("cannot create a temporary file in " + dir.string() + ": " + std::strerror(errno));
  if (const int err = write_sync_close(fd, text); err != 0) {
    ::unlink(tmp.c_str());
    throw AtomicWriteError("cannot write " + tmp + ": " + std::strerror(err));
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    throw AtomicWriteError("cannot rename " + tmp + " to it: " + std::strerror(err));
  }
  // Make the rename itself durable; failure here loses nothing already visible.
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

}  // namespace hcc::models
