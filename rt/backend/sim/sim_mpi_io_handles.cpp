// What an open file's handle answers in a simulation, besides its data
// (sim_mpi_io.cpp): its size, positions, information and error handler;
// the handler of the rank's errors outside files; Fortran's handles.
// sim_mpi_io.cpp's use of raise links this object with it.
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <smpi/smpi.h>

#include <chrono>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "bursts.hpp"
#include "sim_mpi.hpp"
#include "sim_mpi_io.hpp"

namespace {

using hcc::rt::error_of_errno;
using hcc::rt::file_of;
using hcc::rt::no_file;
using hcc::rt::OpenFile;
using hcc::rt::raise;
using hcc::rt::set_shared_position;

// Every open handle: a handle that is none is an error, not a crash.
std::set<OpenFile*>& open_files() {
  static std::set<OpenFile*> files;
  return files;
}

// What the rank's MPI_File_set_errhandler(MPI_FILE_NULL, ...) set: the
// handler of its MPI_File_open and MPI_File_delete, and of the files it
// opens after. MPI's default for files returns the error.
MPI_Errhandler& default_errhandler() {
  static std::map<const hcc::rt::Rank*, MPI_Errhandler> handlers;
  return handlers.try_emplace(&hcc::rt::current_rank(), MPI_ERRORS_RETURN).first->second;
}

// The functions of the program's file error handlers
// (MPI_File_create_errhandler): SMPI's handlers call them with SMPI's files.
std::map<MPI_Errhandler, MPI_File_errhandler_function*>& file_handler_functions() {
  static std::map<MPI_Errhandler, MPI_File_errhandler_function*> functions;
  return functions;
}

std::vector<MPI_File>& converted_handles() {
  static std::vector<MPI_File> handles;
  return handles;
}

// The view's etype offset of the file's end: MPI_File_seek's MPI_SEEK_END.
MPI_Offset end_position(const OpenFile& f) {
  struct stat st {};
  ::fstat(f.fd, &st);
  return f.view.stream_bytes_before(st.st_size) / f.view.etype_size();
}

int seek(const char* function, MPI_File fh, MPI_Offset offset, int whence, bool shared) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, function);
  MPI_Offset& position = shared ? f->shared->position : f->position;
  MPI_Offset target = offset;
  if (whence == MPI_SEEK_CUR) target += position;
  else if (whence == MPI_SEEK_END) target += end_position(*f);
  else if (whence != MPI_SEEK_SET) return raise(f, fh, function, MPI_ERR_ARG, "whence is none of MPI_SEEK_SET, _CUR, _END");
  if (target < 0) return raise(f, fh, function, MPI_ERR_ARG, "a position before the view's start");
  if (shared) set_shared_position(*f, target);
  else position = target;
  return MPI_SUCCESS;
}

// A collective change of the file's size, made once.
int resize(const char* function, MPI_File fh, MPI_Offset size, bool grow_only) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, function);
  if (size < 0) return raise(f, fh, function, MPI_ERR_ARG, "a negative size");
  PMPI_Barrier(f->comm);
  int error = MPI_SUCCESS;
  if (f->rank == 0) {
    const int rc = grow_only ? ::posix_fallocate(f->fd, 0, size) : ::ftruncate(f->fd, size) == 0 ? 0 : errno;
    if (rc != 0) error = error_of_errno(rc);
  }
  PMPI_Bcast(&error, 1, MPI_INT, 0, f->comm);
  return raise(f, fh, function, error, "cannot change the file's size");
}

}  // namespace

namespace hcc::rt {

OpenFile* file_of(MPI_File fh) {
  auto* f = reinterpret_cast<OpenFile*>(fh);
  return open_files().count(f) ? f : nullptr;
}

void add_open_file(OpenFile* f) { open_files().insert(f); }
void remove_open_file(OpenFile* f) { open_files().erase(f); }
MPI_Errhandler default_file_errhandler() { return default_errhandler(); }

int raise(OpenFile* f, MPI_File handle, const char* function, int code, const std::string& what) {
  if (code == MPI_SUCCESS) return code;
  const MPI_Errhandler handler = f ? f->errhandler : default_errhandler();
  if (handler == MPI_ERRORS_ARE_FATAL)
    fatal(std::string(function) + ": " + what + (f ? " ('" + f->path + "')" : std::string()));
  const auto it = file_handler_functions().find(handler);
  if (it != file_handler_functions().end()) {
    // The program's code, run in its rank's image (private_vars.hpp).
    ProgramCall call(reinterpret_cast<const void*>(it->second));
    it->second(&handle, &code);
  }
  return code;
}

int no_file(MPI_File fh, const char* function) {
  return raise(nullptr, fh, function, MPI_ERR_FILE, "not an open file (MPI_File_open's handle)");
}

int error_of_errno(int e) {
  switch (e) {
    case ENOENT: case ENOTDIR: return MPI_ERR_NO_SUCH_FILE;
    case EEXIST: return MPI_ERR_FILE_EXISTS;
    case EACCES: case EPERM: return MPI_ERR_ACCESS;
    case EROFS: return MPI_ERR_READ_ONLY;
    case ENOSPC: return MPI_ERR_NO_SPACE;
    case EDQUOT: return MPI_ERR_QUOTA;
    case ENAMETOOLONG: return MPI_ERR_BAD_FILE;
    default: return MPI_ERR_IO;
  }
}


// A collective move of the shared file pointer (MPI_File_seek_shared,
// MPI_File_set_view): once every rank's accesses at the old position are
// done, and before any rank's at the new one.
void set_shared_position(OpenFile& f, MPI_Offset position) {
  PMPI_Barrier(f.comm);
  if (f.rank == 0) f.shared->position = position;
  PMPI_Barrier(f.comm);
}

}  // namespace hcc::rt

extern "C" {

int MPI_File_seek(MPI_File fh, MPI_Offset offset, int whence) {
  return seek("MPI_File_seek", fh, offset, whence, false);
}
int MPI_File_seek_shared(MPI_File fh, MPI_Offset offset, int whence) {
  HCC_MPI_ENTRY("MPI_File_seek_shared", seek("MPI_File_seek_shared", fh, offset, whence, true));
}
int MPI_File_get_position(MPI_File fh, MPI_Offset* offset) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, "MPI_File_get_position");
  *offset = f->position;
  return MPI_SUCCESS;
}
int MPI_File_get_position_shared(MPI_File fh, MPI_Offset* offset) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, "MPI_File_get_position_shared");
  *offset = f->shared->position;
  return MPI_SUCCESS;
}
int MPI_File_get_byte_offset(MPI_File fh, MPI_Offset offset, MPI_Offset* disp) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, "MPI_File_get_byte_offset");
  *disp = f->view.file_offset(offset * f->view.etype_size());
  return MPI_SUCCESS;
}

int MPI_File_get_size(MPI_File fh, MPI_Offset* size) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, "MPI_File_get_size");
  struct stat st {};
  if (::fstat(f->fd, &st) != 0) return raise(f, fh, "MPI_File_get_size", error_of_errno(errno), std::strerror(errno));
  *size = st.st_size;
  return MPI_SUCCESS;
}
int MPI_File_set_size(MPI_File fh, MPI_Offset size) {
  HCC_MPI_ENTRY("MPI_File_set_size", resize("MPI_File_set_size", fh, size, false));
}
int MPI_File_preallocate(MPI_File fh, MPI_Offset size) {
  HCC_MPI_ENTRY("MPI_File_preallocate", resize("MPI_File_preallocate", fh, size, true));
}
int MPI_File_get_group(MPI_File fh, MPI_Group* group) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, "MPI_File_get_group");
  return PMPI_Comm_group(f->comm, group);
}
int MPI_File_get_amode(MPI_File fh, int* amode) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, "MPI_File_get_amode");
  *amode = f->amode;
  return MPI_SUCCESS;
}
int MPI_File_set_info(MPI_File fh, MPI_Info info) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, "MPI_File_set_info");
  if (f->info != MPI_INFO_NULL) PMPI_Info_free(&f->info);
  if (info != MPI_INFO_NULL) PMPI_Info_dup(info, &f->info);
  return MPI_SUCCESS;
}
int MPI_File_get_info(MPI_File fh, MPI_Info* info) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, "MPI_File_get_info");
  return f->info != MPI_INFO_NULL ? PMPI_Info_dup(f->info, info) : PMPI_Info_create(info);
}
int MPI_File_get_type_extent(MPI_File fh, MPI_Datatype type, MPI_Aint* extent) {
  if (!file_of(fh)) return no_file(fh, "MPI_File_get_type_extent");
  MPI_Aint lb = 0;
  return PMPI_Type_get_extent(type, &lb, extent);
}
int MPI_File_set_atomicity(MPI_File fh, int flag) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, "MPI_File_set_atomicity");
  f->atomicity = flag;
  return MPI_SUCCESS;
}
int MPI_File_get_atomicity(MPI_File fh, int* flag) {
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, "MPI_File_get_atomicity");
  *flag = f->atomicity;
  return MPI_SUCCESS;
}

int MPI_File_create_errhandler(MPI_File_errhandler_function* function, MPI_Errhandler* errhandler) {
  const int rc = PMPI_File_create_errhandler(function, errhandler);
  if (rc == MPI_SUCCESS) file_handler_functions()[*errhandler] = function;
  return rc;
}
int MPI_File_set_errhandler(MPI_File fh, MPI_Errhandler errhandler) {
  if (fh == MPI_FILE_NULL) {
    default_errhandler() = errhandler;
    return MPI_SUCCESS;
  }
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, "MPI_File_set_errhandler");
  f->errhandler = errhandler;
  return MPI_SUCCESS;
}
int MPI_File_get_errhandler(MPI_File fh, MPI_Errhandler* errhandler) {
  if (fh == MPI_FILE_NULL) {
    *errhandler = default_errhandler();
    return MPI_SUCCESS;
  }
  OpenFile* f = file_of(fh);
  if (!f) return no_file(fh, "MPI_File_get_errhandler");
  *errhandler = f->errhandler;
  return MPI_SUCCESS;
}
int MPI_File_call_errhandler(MPI_File fh, int errorcode) {
  return raise(file_of(fh), fh, "MPI_File_call_errhandler", errorcode, "the program's error code");
}

// Fortran's handles: a simulation runs C and C++ programs; the index of the
// handle among those converted.
MPI_Fint MPI_File_c2f(MPI_File fh) {
  std::vector<MPI_File>& converted = converted_handles();
  for (size_t i = 0; i < converted.size(); ++i)
    if (converted[i] == fh) return static_cast<MPI_Fint>(i);
  converted.push_back(fh);
  return static_cast<MPI_Fint>(converted.size() - 1);
}
MPI_File MPI_File_f2c(MPI_Fint index) {
  const std::vector<MPI_File>& converted = converted_handles();
  return index >= 0 && static_cast<size_t>(index) < converted.size() ? converted[index] : MPI_FILE_NULL;
}

}  // extern "C"
