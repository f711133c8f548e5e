# lit configuration for ompadv's tests, in the style of LLVM's OMPT tests:
# each test is a small program or script whose RUN lines drive ompadv and
# check its output with FileCheck.
import os
import lit.formats

config.name = "ompadv"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c", ".cpp", ".test"]
config.excludes = ["inputs", "lit.cfg.py", "lit.site.cfg.in", "run"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ompadv_builddir, "tests")

b = config.ompadv_builddir
ompadv = os.path.join(b, "ompadv")
config.environment["PATH"] = os.pathsep.join([b, os.path.dirname(config.filecheck), config.environment.get("PATH", os.environ.get("PATH", ""))])
for var in ("HOME", "TMPDIR", "LANG"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Every run calibrates afresh, as it did before the calibration cache, but
# for the tests of the cache itself.
config.environment["OMPADV_CACHE_DIR"] = "off"
# The tests choose the team size themselves.
config.environment.pop("OMP_NUM_THREADS", None)

config.substitutions.append(("%ompadv", ompadv))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%cc-omp", config.clang + " -fopenmp -g"))
config.substitutions.append(("%FileCheck", config.filecheck))
config.substitutions.append(("%builddir", b))
config.substitutions.append(("%srcdir", config.ompadv_srcdir))
config.substitutions.append(("%inputs", os.path.join(config.ompadv_srcdir, "tests", "inputs")))
config.substitutions.append(("%libomp_dir", config.libomp_dir))
config.substitutions.append(("%unit", os.path.join(b, "tests", "unit")))

# Tests that fill a small file system of their own (a tmpfs mounted in a
# private mount namespace) need root and unshare(1).
import shutil
if os.geteuid() == 0 and shutil.which("unshare") and shutil.which("mount"):
    config.available_features.add("private-mounts")

# The build-system tests (tests/buildsys) need autotools and CMake, which
# scripts/deps installs.
if shutil.which("autoreconf") and shutil.which("automake"):
    config.available_features.add("autotools")
if shutil.which("cmake"):
    config.available_features.add("cmake")
if shutil.which("mpirun") and shutil.which("mpicc"):
    config.available_features.add("mpi")
# util-linux's script(1) gives a command a terminal (progress lines).
if shutil.which("script"):
    config.available_features.add("script")

# The SARIF test checks race --format sarif against the SARIF 2.1.0 JSON
# schema with python3-jsonschema, which scripts/deps installs.
import subprocess
if subprocess.call(["python3", "-c", "import jsonschema"], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL) == 0:
    config.available_features.add("jsonschema")

# Fortran (ompadv fc) needs flang-new-19, which scripts/deps installs.
if shutil.which("flang-new-19"):
    config.available_features.add("flang")

# A test that runs AVX2 code (32-byte vectors) needs a CPU that has it.
try:
    with open("/proc/cpuinfo") as f:
        if " avx2" in f.read():
            config.available_features.add("avx2")
except OSError:
    pass
