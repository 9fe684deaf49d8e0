// MPI-IO in a simulation: the program's files hold what it wrote, as
// natively. SMPI's MPI_File_* simulate a disk of the rank's host and keep
// its files' sizes, not their contents (a rank that read back its checkpoint
// got its buffer untouched), and stop the simulation on a host without a
// disk, as every preset's host is. These entry points do each rank's I/O on
// the real file, through a descriptor of its own, and charge its time: the
// platform's disk's model where the rank's host has one (a <disk> in its
// XML), else the time the I/O took here, as a CPU burst's time is charged.
// Ranks run one at a time, so an access is atomic, as MPI_File_set_atomicity
// can ask. Collective accesses first synchronise the file's ranks, as an
// implementation's two-phase I/O does. Nonblocking accesses complete at once
// (sim_mpi_io_requests.cpp); the file's representation is the native one.
// What a handle answers besides its data (sizes, positions, error
// handlers) is in sim_mpi_io_handles.cpp.
//
// The driver links this object into simulated MPI programs
// (-Wl,-u,hcc_sim_mpi_io_entries), as it does sim_mpi.cpp.
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Disk.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <smpi/smpi.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "bursts.hpp"
#include "file_view.hpp"
#include "sim_mpi.hpp"
#include "sim_mpi_io.hpp"
#include "sim_mpi_types.hpp"

extern "C" {
extern const int hcc_sim_mpi_io_entries = 1;
}

namespace {

using hcc::rt::error_of_errno;
using hcc::rt::file_of;
using hcc::rt::FilePointer;
using hcc::rt::FileView;
using hcc::rt::no_file;
using hcc::rt::OpenFile;
using hcc::rt::raise;
using hcc::rt::set_shared_position;

// The view keeps its own handles: a program frees its filetype after
// MPI_File_set_view, as it may.
MPI_Datatype keep(MPI_Datatype type) {
  if (hcc::rt::predefined(type)) return type;
  MPI_Datatype copy;
  hcc::rt::duplicate_type(type, &copy);
  return copy;
}

void release(MPI_Datatype& type) {
  if (type != MPI_DATATYPE_NULL && !hcc::rt::predefined(type)) hcc::rt::free_type(&type);
  type = MPI_DATATYPE_NULL;
}

// The most runs a filetype's tile may have: a view of more is refused
// rather than laid out in gigabytes.
constexpr size_t kMaxRuns = size_t{1} << 24;

// The filetype's runs in one tile and its extent, from how the program
// built it (sim_mpi_types.cpp).
int flatten(MPI_Datatype filetype, std::vector<FileView::Run>& runs, int64_t& extent, std::string& why) {
  const hcc::rt::LayoutPtr layout = hcc::rt::layout_of(filetype);
  if (!layout) {
    why = "a filetype made by a constructor a simulation cannot lay out (a Fortran type)";
    return MPI_ERR_TYPE;
  }
  std::vector<hcc::rt::TypeLayout::Run> typemap;
  if (!layout->runs(0, 1, typemap, kMaxRuns)) {
    why = "a filetype of more than " + std::to_string(kMaxRuns) + " runs of bytes";
    return MPI_ERR_TYPE;
  }
  runs.clear();
  for (const auto& r : typemap) {
    if (r.offset < 0 || (!runs.empty() && r.offset < runs.back().offset + runs.back().length)) {
      why = "a filetype whose displacements are negative or decrease (MPI requires them nondecreasing)";
      return MPI_ERR_TYPE;
    }
    runs.push_back({r.offset, r.length});
  }
  extent = layout->extent();
  if (runs.empty() || extent <= 0) {
    why = "a filetype without bytes or without a positive extent";
    return MPI_ERR_TYPE;
  }
  return MPI_SUCCESS;
}

// Charges an access of `bytes` that took `seconds` here: the rank's host's
// disk's model when the platform gives it one, else the time measured, as
// a CPU burst's (bursts.hpp), a write after the file's writes in progress,
// as this machine's kernel writes a file for one writer at a time: two
// ranks writing 32 MiB each to their blocks of one file took 0.017-0.018 s
// natively, one rank alone 0.008-0.010 s, while the simulation, each rank's
// measured write (0.008-0.009 s) on its own core at once, said 0.009-0.012
// s. Reads proceed together, natively too.
void charge_io(hcc::rt::SharedPointer* file, bool write, int64_t bytes, double seconds) {
  const std::vector<simgrid::s4u::Disk*> disks = simgrid::s4u::this_actor::get_host()->get_disks();
  if (!disks.empty()) {
    if (bytes > 0) {
      if (write) disks.front()->write(static_cast<sg_size_t>(bytes));
      else disks.front()->read(static_cast<sg_size_t>(bytes));
    }
    return;
  }
  if (!hcc::rt::bursts_charged()) return;
  const bool queued = write && file && bytes > 0;
  if (queued) {
    const double now = simgrid::s4u::Engine::get_clock();
    if (file->written_until > now) simgrid::s4u::this_actor::sleep_for(file->written_until - now);
    // Reserved before the time passes: the other ranks run meanwhile.
    file->written_until = simgrid::s4u::Engine::get_clock() + seconds;
  }
  hcc::rt::g_burst_accounting->charge(seconds, 0);
  hcc::rt::pay_owed_cpu();
  if (queued) file->written_until = std::max(file->written_until, simgrid::s4u::Engine::get_clock());
}

// All of [offset, offset + length) moved at once, less at the file's end
// for a read; a failed system call sets `failed` to its errno.
int64_t move_range(int fd, bool write, char* data, int64_t length, int64_t offset, int& failed) {
  int64_t moved = 0;
  while (moved < length) {
    const ssize_t n = write ? ::pwrite(fd, data + moved, static_cast<size_t>(length - moved), offset + moved)
                            : ::pread(fd, data + moved, static_cast<size_t>(length - moved), offset + moved);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) failed = errno;
    if (n <= 0) break;
    moved += n;
  }
  return moved;
}

struct Segment {
  int64_t offset, from, length;  // in the file, in the packed data, bytes
};

// Data sieving, as MPI libraries do it: runs of a view shorter than this
// are read and written as the window of the file that holds them, one
// system call each way, rather than one call per run (a view of single
// doubles interleaved by rank made a call per double).
constexpr int64_t kSievedRun = 4096;
constexpr int64_t kSieveWindow = int64_t{4} << 20;

// Bytes of the stream from `start` moved between the file and the packed
// data; a read stops at the file's end. Ranks run one at a time, so a
// window read, patched and written back loses no other rank's write.
int64_t move_bytes(const OpenFile& f, bool write, int64_t start, char* data, int64_t bytes, int& failed) {
  std::vector<Segment> segments;
  f.view.segments(start, bytes, [&](int64_t offset, int64_t from, int64_t length) {
    segments.push_back({offset, from, length});
  });
  int64_t done = 0;
  std::vector<char> window;
  for (size_t i = 0; i < segments.size() && !failed;) {
    // The short runs that follow, in increasing offsets, within one window.
    size_t j = i;
    while (j < segments.size() && segments[j].length < kSievedRun &&
           (j == i || (segments[j].offset >= segments[j - 1].offset + segments[j - 1].length &&
                       segments[j].offset + segments[j].length - segments[i].offset <= kSieveWindow)))
      ++j;
    if (j - i < 2) {  // one run on its own
      const Segment& s = segments[i++];
      const int64_t moved = move_range(f.fd, write, data + s.from, s.length, s.offset, failed);
      done += moved;
      if (moved < s.length) break;
      continue;
    }
    const int64_t first = segments[i].offset, last = segments[j - 1].offset + segments[j - 1].length;
    window.assign(static_cast<size_t>(last - first), 0);
    const int64_t present = move_range(f.fd, false, window.data(), last - first, first, failed);
    bool ended = false;
    const int64_t before = done;
    for (size_t k = i; k < j && !ended; ++k) {
      const Segment& s = segments[k];
      char* in_window = window.data() + (s.offset - first);
      if (write) {
        std::memcpy(in_window, data + s.from, static_cast<size_t>(s.length));
        done += s.length;
      } else {
        const int64_t available = std::clamp<int64_t>(first + present - s.offset, 0, s.length);
        std::memcpy(data + s.from, in_window, static_cast<size_t>(available));
        done += available;
        ended = available < s.length;
      }
    }
    if (write && (failed || move_range(f.fd, true, window.data(), last - first, first, failed) < last - first))
      return before;  // the window not written back whole: none of its runs counts
    if (ended) break;
    i = j;
  }
  return done;
}

}  // namespace

// One access (sim_mpi_io.hpp).
int hcc::rt::file_access(const char* function, MPI_File fh, bool write, FilePointer pointer, MPI_Offset offset,
                          const void* buf, int count, MPI_Datatype type, MPI_Status* status, bool collective) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, function);
  if (write && (f->amode & MPI_MODE_RDONLY))
    return raise(f, fh, function, MPI_ERR_READ_ONLY, "a write to a file opened MPI_MODE_RDONLY");
  if (!write && (f->amode & MPI_MODE_WRONLY))
    return raise(f, fh, function, MPI_ERR_ACCESS, "a read from a file opened MPI_MODE_WRONLY");
  int type_size = 0;
  if (count < 0 || type == MPI_DATATYPE_NULL || PMPI_Type_size(type, &type_size) != MPI_SUCCESS)
    return raise(f, fh, function, count < 0 ? MPI_ERR_COUNT : MPI_ERR_TYPE, "a negative count or no datatype");
  const int64_t bytes = static_cast<int64_t>(count) * type_size;
  const int64_t etype = f->view.etype_size();
  if (collective) PMPI_Barrier(f->comm);
  int64_t start = offset;
  if (pointer == FilePointer::Individual) start = f->position;
  if (pointer == FilePointer::Shared) {
    // Taken before the access: another rank may run while a disk's model
    // charges this one.
    start = f->shared->position;
    f->shared->position += bytes / etype;
  }
  if (start < 0) return raise(f, fh, function, MPI_ERR_ARG, "a negative offset");

  // The memory's side: the items' bytes in one piece, packed when the
  // datatype leaves holes.
  std::vector<hcc::rt::TypeLayout::Run> memory;
  const hcc::rt::LayoutPtr layout = hcc::rt::layout_of(type);
  const bool contiguous = layout && layout->runs(0, count, memory, 1) && memory.size() <= 1;
  std::vector<char> packed;
  char* data = static_cast<char*>(const_cast<void*>(buf)) + (contiguous && !memory.empty() ? memory[0].offset : 0);
  if (!contiguous && bytes > 0) {
    packed.resize(static_cast<size_t>(bytes));
    data = packed.data();
    int position = 0;
    if (write) PMPI_Pack(buf, count, type, data, static_cast<int>(bytes), &position, MPI_COMM_SELF);
  }

  int failed = 0;
  const auto began = std::chrono::steady_clock::now();
  const int64_t done = move_bytes(*f, write, start * etype, data, bytes, failed);
  const int error = failed ? error_of_errno(failed) : MPI_SUCCESS;
  charge_io(f->shared, write, done, std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
  if (!write && !packed.empty() && done >= type_size) {
    int position = 0;
    PMPI_Unpack(data, static_cast<int>(done), &position, const_cast<void*>(buf), static_cast<int>(done / type_size),
                type, MPI_COMM_SELF);
  }
  // The pointer moves by what was asked, as OpenMPI's does, also past the
  // file's end.
  if (pointer == FilePointer::Individual) f->position = start + bytes / etype;
  if (status != MPI_STATUS_IGNORE) {
    PMPI_Status_set_elements(status, MPI_BYTE, static_cast<int>(done));
    status->MPI_ERROR = error;
  }
  return raise(f, fh, function, error, std::string(write ? "write" : "read") + " failed: " + std::strerror(failed));
}

namespace {

// MPI_File_read_ordered, MPI_File_write_ordered: the ranks' data one after
// the other in their order, from the shared file pointer.
int ordered(const char* function, MPI_File fh, bool write, const void* buf, int count, MPI_Datatype type,
            MPI_Status* status) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, function);
  int type_size = 0;
  PMPI_Type_size(type, &type_size);
  long long mine = static_cast<long long>(count) * type_size / f->view.etype_size(), before = 0, total = 0;
  long long base = f->shared->position;
  PMPI_Bcast(&base, 1, MPI_LONG_LONG, 0, f->comm);
  PMPI_Exscan(&mine, &before, 1, MPI_LONG_LONG, MPI_SUM, f->comm);
  PMPI_Allreduce(&mine, &total, 1, MPI_LONG_LONG, MPI_SUM, f->comm);
  if (f->rank == 0) {
    before = 0;
    f->shared->position = base + total;
  }
  return file_access(function, fh, write, FilePointer::Explicit, base + before, buf, count, type, status, false);
}

// A split collective access (MPI_File_read_all_begin, ..._end): made at
// its _begin, whose status its _end gives.
template <class Access>
int split_begin(const char* function, MPI_File fh, Access&& begin) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, function);
  if (f->split_bytes >= 0)
    return raise(f, fh, function, MPI_ERR_OTHER, "a split collective access of the file is already in progress");
  MPI_Status status{};
  const int rc = begin(&status);
  int bytes = 0;
  PMPI_Get_count(&status, MPI_BYTE, &bytes);
  f->split_bytes = bytes;
  return rc;
}

int split_end(const char* function, MPI_File fh, MPI_Status* status) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, function);
  if (f->split_bytes < 0) return raise(f, fh, function, MPI_ERR_OTHER, "no split collective access of the file begun");
  if (status != MPI_STATUS_IGNORE) PMPI_Status_set_elements(status, MPI_BYTE, static_cast<int>(f->split_bytes));
  f->split_bytes = -1;
  return MPI_SUCCESS;
}

// The file a name means without the file system prefix ROMIO reads
// ("ufs:out.dat", "lustre:/scratch/out.dat"), which programs written for
// one system give.
const char* local_path(const char* name) {
  static const char* const kPrefixes[] = {"ufs:", "nfs:", "lustre:", "gpfs:", "pvfs2:", "panfs:", "xfs:", "daos:", "ime:"};
  for (const char* prefix : kPrefixes)
    if (std::strncmp(name, prefix, std::strlen(prefix)) == 0) return name + std::strlen(prefix);
  return name;
}

int open_file(MPI_Comm comm, const char* filename, int amode, MPI_Info info, MPI_File* fh) {
  const char* function = "MPI_File_open";
  *fh = MPI_FILE_NULL;
  const int modes = ((amode & MPI_MODE_RDONLY) != 0) + ((amode & MPI_MODE_WRONLY) != 0) + ((amode & MPI_MODE_RDWR) != 0);
  if (modes != 1 || ((amode & MPI_MODE_RDONLY) && (amode & (MPI_MODE_CREATE | MPI_MODE_EXCL))) ||
      ((amode & MPI_MODE_RDWR) && (amode & MPI_MODE_SEQUENTIAL)))
    return raise(nullptr, MPI_FILE_NULL, function, MPI_ERR_AMODE,
                 "the access mode needs one of MPI_MODE_RDONLY, MPI_MODE_WRONLY and MPI_MODE_RDWR, and "
                 "MPI_MODE_CREATE or MPI_MODE_EXCL only with a writing one");
  if (!filename) return raise(nullptr, MPI_FILE_NULL, function, MPI_ERR_BAD_FILE, "no file name");
  auto* f = new OpenFile;
  f->path = filename = local_path(filename);
  f->amode = amode;
  f->errhandler = hcc::rt::default_file_errhandler();
  PMPI_Comm_dup(comm, &f->comm);
  PMPI_Comm_rank(f->comm, &f->rank);
  int flags = (amode & MPI_MODE_RDONLY) ? O_RDONLY : (amode & MPI_MODE_WRONLY) ? O_WRONLY : O_RDWR;
  // The first rank creates the file, once for MPI_MODE_EXCL; the others
  // open what it made.
  struct {
    int error;
    int errno_value;
    uint64_t shared;
  } opened = {MPI_SUCCESS, 0, 0};
  if (f->rank == 0) {
    f->shared = new hcc::rt::SharedPointer;
    const int create = (amode & MPI_MODE_CREATE ? O_CREAT : 0) | (amode & MPI_MODE_EXCL ? O_EXCL : 0);
    f->fd = ::open(filename, flags | create | O_CLOEXEC, 0666);
    if (f->fd < 0) opened = {error_of_errno(errno), errno, 0};
    opened.shared = reinterpret_cast<uintptr_t>(f->shared);
  }
  PMPI_Bcast(&opened, sizeof opened, MPI_BYTE, 0, f->comm);
  f->shared = reinterpret_cast<hcc::rt::SharedPointer*>(static_cast<uintptr_t>(opened.shared));
  if (f->rank != 0 && opened.error == MPI_SUCCESS) {
    f->fd = ::open(filename, flags | O_CLOEXEC);
    if (f->fd < 0) opened = {error_of_errno(errno), errno, opened.shared};
  }
  int error = opened.error;
  PMPI_Allreduce(&opened.error, &error, 1, MPI_INT, MPI_MAX, f->comm);
  if (error != MPI_SUCCESS) {
    if (f->fd >= 0) ::close(f->fd);
    PMPI_Barrier(f->comm);  // nobody uses the shared pointer then
    if (f->rank == 0) delete f->shared;
    PMPI_Comm_free(&f->comm);
    delete f;
    return raise(nullptr, MPI_FILE_NULL, function, error,
                 std::string("cannot open '") + filename + "'" +
                     (opened.errno_value ? std::string(": ") + std::strerror(opened.errno_value) : std::string()));
  }
  if (info != MPI_INFO_NULL) PMPI_Info_dup(info, &f->info);
  if (amode & MPI_MODE_APPEND) {
    struct stat st {};
    ::fstat(f->fd, &st);
    f->position = st.st_size;
    f->shared->position = st.st_size;
  }
  ++f->shared->handles;
  hcc::rt::add_open_file(f);
  *fh = reinterpret_cast<MPI_File>(f);
  return MPI_SUCCESS;
}

int close_file(MPI_File* fh) {
  OpenFile* f = fh ? file_of(*fh) : nullptr;
  if (!f) return no_file(fh ? *fh : MPI_FILE_NULL, "MPI_File_close");
  PMPI_Barrier(f->comm);  // every rank's accesses are done
  ::close(f->fd);
  // Deleted once every rank closed, as natively: before MPI_File_close
  // returns on the first rank.
  if ((f->amode & MPI_MODE_DELETE_ON_CLOSE) && f->rank == 0) ::unlink(f->path.c_str());
  if (--f->shared->handles == 0) delete f->shared;
  release(f->etype);
  release(f->filetype);
  if (f->info != MPI_INFO_NULL) PMPI_Info_free(&f->info);
  PMPI_Comm_free(&f->comm);
  hcc::rt::remove_open_file(f);
  delete f;
  *fh = MPI_FILE_NULL;
  return MPI_SUCCESS;
}

int set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype, const char* datarep) {
  const char* function = "MPI_File_set_view";
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, function);
  const std::string representation = datarep ? datarep : "";
  if (representation != "native" && representation != "internal")
    return raise(f, fh, function, MPI_ERR_UNSUPPORTED_DATAREP,
                 "data representation '" + representation + "': a simulation writes the native one only");
  int etype_size = 0;
  if (etype == MPI_DATATYPE_NULL || filetype == MPI_DATATYPE_NULL || PMPI_Type_size(etype, &etype_size) != 0 ||
      etype_size <= 0)
    return raise(f, fh, function, MPI_ERR_TYPE, "no etype or filetype");
  std::vector<FileView::Run> runs;
  int64_t extent = 0;
  std::string why;
  if (int error = flatten(filetype, runs, extent, why)) return raise(f, fh, function, error, why);
  if (disp == MPI_DISPLACEMENT_CURRENT) disp = f->view.file_offset(f->shared->position * f->view.etype_size());
  f->view = FileView(disp, etype_size, extent, std::move(runs));
  release(f->etype);
  release(f->filetype);
  f->etype = keep(etype);
  f->filetype = keep(filetype);
  f->position = 0;
  set_shared_position(*f, 0);
  return MPI_SUCCESS;
}

}  // namespace


using hcc::rt::file_access;

extern "C" {

int MPI_File_open(MPI_Comm comm, const char* filename, int amode, MPI_Info info, MPI_File* fh) {
  HCC_MPI_ENTRY("MPI_File_open", open_file(comm, filename, amode, info, fh));
}

int MPI_File_close(MPI_File* fh) { HCC_MPI_ENTRY("MPI_File_close", close_file(fh)); }

int MPI_File_delete(const char* filename, MPI_Info) {
  HCC_MPI_ENTRY("MPI_File_delete", [&] {
    if (filename) filename = local_path(filename);
    if (filename && ::unlink(filename) == 0) return static_cast<int>(MPI_SUCCESS);
    const int e = filename ? errno : ENOENT;
    return raise(nullptr, MPI_FILE_NULL, "MPI_File_delete", error_of_errno(e),
                 std::string("cannot delete '") + (filename ? filename : "") + "': " + std::strerror(e));
  }());
}

int MPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype, const char* datarep,
                      MPI_Info) {
  HCC_MPI_ENTRY("MPI_File_set_view", set_view(fh, disp, etype, filetype, datarep));
}

int MPI_File_get_view(MPI_File fh, MPI_Offset* disp, MPI_Datatype* etype, MPI_Datatype* filetype, char* datarep) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, "MPI_File_get_view");
  if (disp) *disp = f->view.disp();
  if (etype) *etype = keep(f->etype);
  if (filetype) *filetype = keep(f->filetype);
  if (datarep) std::strcpy(datarep, "native");
  return MPI_SUCCESS;
}

// Data access with an explicit offset, the individual and the shared file
// pointers; blocking, then collective.
int MPI_File_read_at(MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype type, MPI_Status* status) {
  HCC_MPI_ENTRY("MPI_File_read_at",
                file_access("MPI_File_read_at", fh, false, FilePointer::Explicit, offset, buf, count, type, status, false));
}
int MPI_File_write_at(MPI_File fh, MPI_Offset offset, const void* buf, int count, MPI_Datatype type,
                      MPI_Status* status) {
  HCC_MPI_ENTRY("MPI_File_write_at",
                file_access("MPI_File_write_at", fh, true, FilePointer::Explicit, offset, buf, count, type, status, false));
}
int MPI_File_read(MPI_File fh, void* buf, int count, MPI_Datatype type, MPI_Status* status) {
  HCC_MPI_ENTRY("MPI_File_read",
                file_access("MPI_File_read", fh, false, FilePointer::Individual, 0, buf, count, type, status, false));
}
int MPI_File_write(MPI_File fh, const void* buf, int count, MPI_Datatype type, MPI_Status* status) {
  HCC_MPI_ENTRY("MPI_File_write",
                file_access("MPI_File_write", fh, true, FilePointer::Individual, 0, buf, count, type, status, false));
}
int MPI_File_read_shared(MPI_File fh, void* buf, int count, MPI_Datatype type, MPI_Status* status) {
  HCC_MPI_ENTRY("MPI_File_read_shared",
                file_access("MPI_File_read_shared", fh, false, FilePointer::Shared, 0, buf, count, type, status, false));
}
int MPI_File_write_shared(MPI_File fh, const void* buf, int count, MPI_Datatype type, MPI_Status* status) {
  HCC_MPI_ENTRY("MPI_File_write_shared",
                file_access("MPI_File_write_shared", fh, true, FilePointer::Shared, 0, buf, count, type, status, false));
}
int MPI_File_read_at_all(MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype type,
                         MPI_Status* status) {
  HCC_MPI_ENTRY("MPI_File_read_at_all", file_access("MPI_File_read_at_all", fh, false, FilePointer::Explicit, offset,
                                                    buf, count, type, status, true));
}
int MPI_File_write_at_all(MPI_File fh, MPI_Offset offset, const void* buf, int count, MPI_Datatype type,
                          MPI_Status* status) {
  HCC_MPI_ENTRY("MPI_File_write_at_all", file_access("MPI_File_write_at_all", fh, true, FilePointer::Explicit, offset,
                                                     buf, count, type, status, true));
}
int MPI_File_read_all(MPI_File fh, void* buf, int count, MPI_Datatype type, MPI_Status* status) {
  HCC_MPI_ENTRY("MPI_File_read_all",
                file_access("MPI_File_read_all", fh, false, FilePointer::Individual, 0, buf, count, type, status, true));
}
int MPI_File_write_all(MPI_File fh, const void* buf, int count, MPI_Datatype type, MPI_Status* status) {
  HCC_MPI_ENTRY("MPI_File_write_all",
                file_access("MPI_File_write_all", fh, true, FilePointer::Individual, 0, buf, count, type, status, true));
}
int MPI_File_read_ordered(MPI_File fh, void* buf, int count, MPI_Datatype type, MPI_Status* status) {
  HCC_MPI_ENTRY("MPI_File_read_ordered", ordered("MPI_File_read_ordered", fh, false, buf, count, type, status));
}
int MPI_File_write_ordered(MPI_File fh, const void* buf, int count, MPI_Datatype type, MPI_Status* status) {
  HCC_MPI_ENTRY("MPI_File_write_ordered", ordered("MPI_File_write_ordered", fh, true, buf, count, type, status));
}

int MPI_File_read_at_all_begin(MPI_File fh, MPI_Offset offset, void* buf, int count, MPI_Datatype type) {
  HCC_MPI_ENTRY("MPI_File_read_at_all_begin", split_begin("MPI_File_read_at_all_begin", fh, [&](MPI_Status* s) {
    return file_access("MPI_File_read_at_all_begin", fh, false, FilePointer::Explicit, offset, buf, count, type, s, true);
  }));
}
int MPI_File_read_at_all_end(MPI_File fh, void*, MPI_Status* status) {
  return split_end("MPI_File_read_at_all_end", fh, status);
}
int MPI_File_write_at_all_begin(MPI_File fh, MPI_Offset offset, const void* buf, int count, MPI_Datatype type) {
  HCC_MPI_ENTRY("MPI_File_write_at_all_begin", split_begin("MPI_File_write_at_all_begin", fh, [&](MPI_Status* s) {
    return file_access("MPI_File_write_at_all_begin", fh, true, FilePointer::Explicit, offset, buf, count, type, s, true);
  }));
}
int MPI_File_write_at_all_end(MPI_File fh, const void*, MPI_Status* status) {
  return split_end("MPI_File_write_at_all_end", fh, status);
}
int MPI_File_read_all_begin(MPI_File fh, void* buf, int count, MPI_Datatype type) {
  HCC_MPI_ENTRY("MPI_File_read_all_begin", split_begin("MPI_File_read_all_begin", fh, [&](MPI_Status* s) {
    return file_access("MPI_File_read_all_begin", fh, false, FilePointer::Individual, 0, buf, count, type, s, true);
  }));
}
int MPI_File_read_all_end(MPI_File fh, void*, MPI_Status* status) {
  return split_end("MPI_File_read_all_end", fh, status);
}
int MPI_File_write_all_begin(MPI_File fh, const void* buf, int count, MPI_Datatype type) {
  HCC_MPI_ENTRY("MPI_File_write_all_begin", split_begin("MPI_File_write_all_begin", fh, [&](MPI_Status* s) {
    return file_access("MPI_File_write_all_begin", fh, true, FilePointer::Individual, 0, buf, count, type, s, true);
  }));
}
int MPI_File_write_all_end(MPI_File fh, const void*, MPI_Status* status) {
  return split_end("MPI_File_write_all_end", fh, status);
}
int MPI_File_read_ordered_begin(MPI_File fh, void* buf, int count, MPI_Datatype type) {
  HCC_MPI_ENTRY("MPI_File_read_ordered_begin", split_begin("MPI_File_read_ordered_begin", fh, [&](MPI_Status* s) {
    return ordered("MPI_File_read_ordered_begin", fh, false, buf, count, type, s);
  }));
}
int MPI_File_read_ordered_end(MPI_File fh, void*, MPI_Status* status) {
  return split_end("MPI_File_read_ordered_end", fh, status);
}
int MPI_File_write_ordered_begin(MPI_File fh, const void* buf, int count, MPI_Datatype type) {
  HCC_MPI_ENTRY("MPI_File_write_ordered_begin", split_begin("MPI_File_write_ordered_begin", fh, [&](MPI_Status* s) {
    return ordered("MPI_File_write_ordered_begin", fh, true, buf, count, type, s);
  }));
}
int MPI_File_write_ordered_end(MPI_File fh, const void*, MPI_Status* status) {
  return split_end("MPI_File_write_ordered_end", fh, status);
}

int MPI_File_sync(MPI_File fh) {
  HCC_MPI_ENTRY("MPI_File_sync", [&] {
    OpenFile* f = file_of(fh);
    if (!f) return no_file(fh, "MPI_File_sync");
    const auto began = std::chrono::steady_clock::now();
    const int error = ::fsync(f->fd) == 0 ? MPI_SUCCESS : error_of_errno(errno);
    charge_io(f->shared, true, 0, std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
    PMPI_Barrier(f->comm);
    return raise(f, fh, "MPI_File_sync", error, "cannot synchronise the file");
  }());
}

}  // extern "C"
