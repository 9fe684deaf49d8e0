#!/usr/bin/env bash
# A CMake project that finds MPI with find_package(MPI) builds with
# CC=hccsim CXX=hccsim in both modes: natively (OpenMPI, as found), and
# simulated (the driver swaps OpenMPI's include directory and libmpi for
# SMPI's), and the simulated programs run with hccsim-run. Exits 77 (CTest:
# skipped) without OpenMPI's mpicc.
#   cmake_mpi.sh <hccsim bin dir> <examples dir> <work dir>
set -uo pipefail
bin=$1 examples=$2 work=$3
command -v mpicc >/dev/null || { echo "SKIPPED: no mpicc (OpenMPI)"; exit 77; }
rm -rf "$work" && mkdir -p "$work/app" && cd "$work" || exit 1
cat > app/CMakeLists.txt <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(app C CXX)
find_package(MPI REQUIRED COMPONENTS C CXX)
add_executable(stencil $examples/mpi-stencil/mpi-stencil.c)
target_link_libraries(stencil PRIVATE MPI::MPI_C m)
add_executable(cg $examples/mpi-cg/mpi-cg.cpp)
target_link_libraries(cg PRIVATE MPI::MPI_CXX)
CMAKE
fail=0
for mode in native simulate; do
  if ! CC=$bin/hccsim CXX=$bin/hccsim cmake -S app -B "b-$mode" -G Ninja -DCMAKE_C_FLAGS=-f$mode \
       -DCMAKE_CXX_FLAGS=-f$mode > "cmake-$mode.log" 2>&1 || ! cmake --build "b-$mode" > "build-$mode.log" 2>&1; then
    echo "FAIL: $mode build"; cat "cmake-$mode.log" "build-$mode.log"; fail=1
  fi
done
[ $fail -eq 0 ] || exit 1
# The native programs are OpenMPI programs; the simulated ones run.
undefined=$(nm -u b-native/stencil)  # (not piped into grep -q: pipefail would see nm's SIGPIPE)
grep -q ' MPI_Init$' <<< "$undefined" || { echo "FAIL: the native stencil does not call MPI"; fail=1; }
"$bin/hccsim-run" -np 4 --platform cluster-64x16 b-simulate/stencil 128 3 16 > sim.out 2>&1 &&
  grep -q '^simulated$' sim.out && grep -q 'ranks=4 bursts=[0-9.]*$' sim.out || { echo "FAIL: simulated stencil"; cat sim.out; fail=1; }
"$bin/hccsim-run" -np 2 --platform cluster-64x16 b-simulate/cg 32 20 4 > cg.out 2>&1 &&
  grep -q '^simulated$' cg.out || { echo "FAIL: simulated cg"; cat cg.out; fail=1; }
[ $fail -eq 0 ] && echo "ok: find_package(MPI) with CC=hccsim, native and simulated"
exit $fail
