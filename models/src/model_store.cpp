#include <system_error>
#include <utility>

#include "hccmodels/model_file.hpp"

namespace hcc::models {
namespace fs = std::filesystem;

ModelStore::ModelStore(fs::path dir) : dir_(std::move(dir)) {}

ModelStore::ModelStore(ModelStore&& other) noexcept
    : dir_(std::move(other.dir_)),
      slots_(std::move(other.slots_)),
      last_(std::exchange(other.last_, nullptr)) {
  other.slots_.clear();
}

ModelStore& ModelStore::operator=(ModelStore&& other) noexcept {
  if (this != &other) {
    dir_ = std::move(other.dir_);
    slots_ = std::move(other.slots_);
    last_ = std::exchange(other.last_, nullptr);
    other.slots_.clear();
  }
  return *this;
}

const RegressionFit* ModelStore::regression(std::string_view kernel, std::string_view arch) {
  const auto& fit = slot(kernel, arch).combined.regression;
  return fit ? &*fit : nullptr;
}

const std::map<uint64_t, FootprintEntry>& ModelStore::entries(std::string_view kernel, std::string_view arch) {
  return slot(kernel, arch).combined.entries;
}

ModelStore::Slot& ModelStore::slot(std::string_view kernel, std::string_view arch) {
  if (last_ && last_->combined.kernel == kernel && last_->combined.arch == arch) return *last_;
  // Key: kernel length, kernel, arch — unambiguous for any bytes.
  const std::size_t len = kernel.size();
  key_.assign(reinterpret_cast<const char*>(&len), sizeof len);
  key_.append(kernel);
  key_.append(arch);
  if (auto it = slots_.find(key_); it != slots_.end()) return *(last_ = &it->second);

  // First use of this (kernel, arch): read its file, if any. Nothing is
  // cached when that throws, so every later call reports the same error.
  Slot s;
  if (!dir_.empty()) {
    const fs::path path = model_file_path(dir_, kernel, arch);
    std::error_code ec;
    const bool exists = fs::exists(path, ec);
    if (ec) throw ModelError("model file " + path.string() + ": cannot access: " + ec.message());
    if (exists) {
      s.combined = load_model_file(path);
      if (s.combined.kernel != kernel || s.combined.arch != arch)
        throw ModelError("model file " + path.string() + ": holds kernel '" + s.combined.kernel +
                         "' on '" + s.combined.arch + "', not kernel '" + std::string(kernel) +
                         "' on '" + std::string(arch) +
                         "' (kernel names that differ only in characters outside "
                         "[A-Za-z0-9_.-] share a model file)");
    }
  }
  s.combined.kernel = kernel;
  s.combined.arch = arch;
  s.recorded.kernel = kernel;
  s.recorded.arch = arch;
  return *(last_ = &slots_.emplace(key_, std::move(s)).first->second);
}

const FootprintEntry* ModelStore::lookup(std::string_view kernel, std::string_view arch,
                                         uint64_t footprint) {
  const Slot& s = slot(kernel, arch);
  const auto it = s.combined.entries.find(footprint);
  return it == s.combined.entries.end() ? nullptr : &it->second;
}

void ModelStore::record(std::string_view kernel, std::string_view arch, uint64_t footprint,
                        uint64_t size_bytes, double seconds, uint64_t weight) {
  Slot& s = slot(kernel, arch);
  FootprintEntry& rec = s.recorded.entries[footprint];
  rec.add(seconds, weight);  // throws before anything changes for a bad duration
  rec.footprint = footprint;
  if (rec.size_bytes == 0) rec.size_bytes = size_bytes;
  FootprintEntry& all = s.combined.entries[footprint];
  all.footprint = footprint;
  if (all.size_bytes == 0) all.size_bytes = size_bytes;
  all.add(seconds, weight);
}

std::optional<double> ModelStore::mean(std::string_view kernel, std::string_view arch,
                                       uint64_t footprint) {
  const FootprintEntry* e = lookup(kernel, arch, footprint);
  if (!e || e->count == 0) return std::nullopt;
  return e->mean;
}

void ModelStore::save() {
  if (dir_.empty()) return;
  bool made_dir = false;
  for (auto& [key, s] : slots_) {
    if (s.recorded.entries.empty()) continue;
    if (!made_dir) {
      std::error_code ec;
      fs::create_directories(dir_, ec);
      if (ec)
        throw ModelError("model directory " + dir_.string() + ": cannot create: " + ec.message());
      made_dir = true;
    }
    merge_into_model_file(model_file_path(dir_, s.recorded.kernel, s.recorded.arch), s.recorded);
    s.recorded.entries.clear();
  }
}

}  // namespace hcc::models
