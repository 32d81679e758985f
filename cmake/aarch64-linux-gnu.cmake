# Cross-building for aarch64 Linux with Debian's toolchain (g++-aarch64-linux-gnu) against its
# arm64 multiarch libraries (dpkg --add-architecture arm64; scripts/test-arm64.sh installs them).
# Tests and the built binaries run under qemu-user, with the target's loader and libraries.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# Headers and libraries from the target's multiarch folders only; programs (pkg-config, objdump)
# from the build machine.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
# QEMU_CPU (e.g. max,sve=off or max,sve256=on) picks the emulated CPU and its SVE vector length.
# No -L /usr/aarch64-linux-gnu: that is the cross toolchain's glibc, whose loader would then load
# the multiarch libc6:arm64 that the other libraries need (a different build of glibc 2.36), and a
# threaded program hangs in pthread_create. The multiarch loader (/lib/ld-linux-aarch64.so.1) and
# its libraries are one glibc.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)
set(CMAKE_OBJDUMP aarch64-linux-gnu-objdump)
