// The memory a run may allocate: MemAvailable, capped by cgroup v2 and v1 limits (a hybrid host
// names both in /proc/self/cgroup) and by `ulimit -v`.
#include "probes/cpu/host_memory.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "roofline/input_error.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using probes::cpu::cgroup_headroom;

namespace {

void put(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text << "\n";
}

}  // namespace

TEST(HostMemory, CgroupV2LimitsUpToTheRootAreRead) {
  const test_support::TempDir temp("cgroup_v2");
  const fs::path root = temp.path();
  put(root / "user.slice" / "memory.max", "8000");
  put(root / "user.slice" / "memory.current", "1000");
  put(root / "user.slice" / "job" / "memory.max", "max");
  EXPECT_EQ(cgroup_headroom("0::/user.slice/job\n", root), 7000);
  EXPECT_TRUE(std::isinf(cgroup_headroom("0::/\n", root)));
}

TEST(HostMemory, CgroupV1LimitsAreReadOnAHybridHostToo) {
  const test_support::TempDir temp("cgroup_v1");
  const fs::path root = temp.path();
  put(root / "memory" / "docker" / "abc" / "memory.limit_in_bytes", "5000");
  put(root / "memory" / "docker" / "abc" / "memory.usage_in_bytes", "2000");
  put(root / "memory" / "memory.limit_in_bytes", "9223372036854771712");  // v1's "no limit"
  const std::string v1 = "12:cpu,cpuacct:/docker/abc\n4:memory:/docker/abc\n";
  EXPECT_EQ(cgroup_headroom(v1, root), 3000);
  // Hybrid: the unified hierarchy's line comes first and has no memory limit.
  EXPECT_EQ(cgroup_headroom("0::/docker/abc\n" + v1, root), 3000);
  // In a cgroup namespace the path may not be there: the limits above it still count.
  put(root / "memory" / "memory.limit_in_bytes", "4000");
  EXPECT_EQ(cgroup_headroom("4:memory:/elsewhere\n", root), 4000);
}

TEST(HostMemory, MoreThanThereIsIsRefusedNamingBothSizes) {
  try {
    probes::cpu::check_fits(std::ldexp(1.0, 50), "--max-working-set 1125899906842624");
    ADD_FAILURE() << "a PiB fits";
  } catch (const roofline::InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("--max-working-set 1125899906842624 needs 1024 TiB, more than the "),
              std::string::npos)
        << what;
    EXPECT_TRUE(what.find("(MemAvailable)") != std::string::npos ||
                what.find("(cgroup limit)") != std::string::npos)
        << what;
  }
  EXPECT_NO_THROW(probes::cpu::check_fits(1024, "a small array"));
}

TEST(HostMemory, UlimitVCapsWhatMayBeAllocated) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: no ulimit -v fits it";
#else
  rlimit before{};
  ASSERT_EQ(::getrlimit(RLIMIT_AS, &before), 0);
  const probes::cpu::HostMemory unlimited = probes::cpu::allocatable_memory();
  // What is mapped now, read as the probe reads it, plus 64 MiB.
  std::ifstream status("/proc/self/status");
  double mapped_kib = 0;
  for (std::string line; std::getline(status, line);)
    if (line.starts_with("VmSize:")) mapped_kib = std::stod(line.substr(7));
  rlimit tight = before;
  tight.rlim_cur = static_cast<rlim_t>(mapped_kib * 1024) + (64u << 20);
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &tight), 0);
  rlimit now{};
  ASSERT_EQ(::getrlimit(RLIMIT_AS, &now), 0);
  if (now.rlim_cur != tight.rlim_cur)  // qemu-user accepts it and keeps it off the emulator
    GTEST_SKIP() << "setrlimit(RLIMIT_AS) did not take (qemu-user ignores it for the guest)";
  const probes::cpu::HostMemory limited = probes::cpu::allocatable_memory();
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &before), 0);
  EXPECT_STREQ(limited.source, "ulimit -v");
  EXPECT_LE(limited.bytes, 64u << 20);
  EXPECT_GT(limited.bytes, 0);
  EXPECT_LT(limited.bytes, unlimited.bytes);
#endif
}
