# `cpack --config build/release/CPackConfig.cmake -B DIR`: a Debian package of what `cmake --install`
# installs (packaging/test-deb.sh installs it into a fresh Debian 12 root and runs it there).
# dpkg-shlibdeps names the Debian packages of the libraries the binaries link. The CUDA toolkit's
# libraries (cuBLAS, CUPTI) are no Debian packages: a CUDA build's package takes them from the
# machine it runs on, so their folders are searched as the package's own. (The driver's libcuda,
# which the profiler's injection library links, is in none of them: a CUDA build's package has
# not been made yet.)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME rooflab)
set(CPACK_PACKAGE_VENDOR "Rooflab")
set(CPACK_PACKAGE_CONTACT "Rooflab developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The OpenCL loader finds its platforms at run time: PoCL gives it the CPU.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "pocl-opencl-icd")
if(TARGET CUDA::cudart_static)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS
      ${CUDAToolkit_LIBRARY_DIR} ${CUDAToolkit_LIBRARY_ROOT}/extras/CUPTI/lib64)
endif()
include(CPack)
