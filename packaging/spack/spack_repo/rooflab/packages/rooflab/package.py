# Spack recipe for Rooflab, built from a checkout (spack develop; see packaging/README.md).
# Variants: the CUDA backend (with its architectures), the OpenCL backend and cluster mode (MPI).
# PAPI is always a dependency: the CPU's counters are read through it.
from spack_repo.builtin.build_systems.cmake import CMakePackage
from spack_repo.builtin.build_systems.cuda import CudaPackage

from spack.package import *


class Rooflab(CMakePackage, CudaPackage):
    """Roofline profiling: measured ceilings and verified kernels on one chart."""

    version("main")

    variant("opencl", default=True, description="The OpenCL backend (PoCL on CPUs, GPU drivers)")
    variant("mpi", default=True, description="Cluster mode: a probe and a run per rank")

    depends_on("cxx", type="build")
    depends_on("cmake@3.25:", type="build")
    depends_on("ninja", type="build")
    depends_on("nlohmann-json@3.10:")
    depends_on("cli11@2.1:")
    depends_on("boost@1.74:+math")
    depends_on("benchmark")
    depends_on("googletest", type="test")
    depends_on("hwloc")
    depends_on("papi")
    depends_on("openblas")
    depends_on("opencl-icd-loader", when="+opencl")
    depends_on("opencl-headers", when="+opencl")
    depends_on("clblast", when="+opencl")
    depends_on("pocl", type="run", when="+opencl")
    depends_on("mpi", when="+mpi")

    generator("ninja")

    def cmake_args(self):
        args = [
            self.define("BUILD_TESTING", self.run_tests),
            self.define_from_variant("ROOFLAB_CUDA", "cuda"),
            # The backends and cluster mode build where their SDKs are found: a variant that is
            # off keeps CMake from looking.
            self.define("CMAKE_DISABLE_FIND_PACKAGE_OpenCL", self.spec.satisfies("~opencl")),
            self.define("CMAKE_DISABLE_FIND_PACKAGE_MPI", self.spec.satisfies("~mpi")),
        ]
        if self.spec.satisfies("+cuda"):
            archs = self.spec.variants["cuda_arch"].value
            if "none" not in archs:
                args.append(self.define("CMAKE_CUDA_ARCHITECTURES", ";".join(archs)))
        return args
