#pragma once
// A fresh folder of its own under the system's temporary directory (tests running in parallel
// never share one), removed with everything in it.
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace test_support {

class TempDir {
 public:
  explicit TempDir(const std::string& name = "test") {
    std::string pattern =
        (std::filesystem::temp_directory_path() / ("rooflab_" + name + "_XXXXXX")).string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed: " + pattern);
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace test_support
