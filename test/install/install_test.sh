#!/usr/bin/env bash
# install_test.sh <step> <cmake> <build dir> <test/install dir> <work dir> [C compiler]
#   prefix    cmake --install the build into work/p1, move it to work/p2
#             (relocated), check the layout; the other steps use work/p2
#   native    CMake + Ninja project with CC=CXX=hccsim and no mode (native)
#   simulate  CMake + Makefiles project with -DCMAKE_C_FLAGS=-fsimulate; a
#             preset that exists only in the moved prefix is found
#   make      plain Makefile, make CC=hccsim, HCCSIM_MODE=instrument
#   package   find_package(hccsim CONFIG) with the ordinary C compiler (or
#             the one given: clang-19 for a sanitizer build)
set -euo pipefail
step=$1 cmake=$2 build=$3 src=$4 work=$5 cc=${6:-}
P=$work/p2
fail() { echo "FAIL: $*"; exit 1; }
unset CC CXX CFLAGS CXXFLAGS LDFLAGS HCCSIM_MODE HCC_PLATFORM HCC_PLATFORM_DIR HCC_MODE
export HCC_WORKERS=2 HCC_MODEL_DIR=$work/models-$step

# run_app <exe> <expected stdout> <expected start of the stderr summary>
run_app() {
  local out err
  out=$("$1" 2>"$work/$step.stderr") || { cat "$work/$step.stderr"; fail "$1 exited $?"; }
  err=$(cat "$work/$step.stderr")
  [ -z "$2" ] || [ "$out" = "$2" ] || fail "$1 printed '$out', expected '$2'"
  [[ "$err" == *"$3"* ]] || fail "$1: no '$3' on stderr: $err"
  echo "ok: $1: $out / $(grep '^hccsim: mode=' "$work/$step.stderr")"
}

case $step in
  prefix)
    rm -rf "$work" && mkdir -p "$work"
    "$cmake" --install "$build" --prefix "$work/p1" > "$work/install.log"
    mv "$work/p1" "$P"
    driver=() ; [ -e "$build/bin/hccsim" ] && driver=(bin/hccsim bin/hcc-rewrite)
    for f in "${driver[@]}" bin/hcc-calibrate bin/hcc-plot \
             lib/libhccrt-native.a lib/libhccrt-sim.a lib/libhccmodels.a include/hcc/hcc.h \
             share/hccsim/platforms/laptop.xml \
             lib/cmake/hccsim/hccsimConfig.cmake lib/cmake/hccsim/hccsimConfigVersion.cmake; do
      [ -e "$P/$f" ] || fail "$f is not installed"
    done
    # A preset found only in the moved prefix (simulate and package steps).
    cp "$P/share/hccsim/platforms/laptop.xml" "$P/share/hccsim/platforms/moved-only.xml"
    [ ${#driver[@]} -eq 0 ] || "$P/bin/hccsim" --version | grep -q '^hccsim ' || fail "hccsim --version"
    echo "ok: installed and moved to $P" ;;
  native)
    b=$work/native
    CC=$P/bin/hccsim CXX=$P/bin/hccsim "$cmake" -S "$src/project" -B "$b" -G Ninja > "$work/native.log" \
      || { cat "$work/native.log"; fail configure; }
    grep -q "compiler id: Clang Clang" "$work/native.log" || fail "compiler not identified as Clang"
    "$cmake" --build "$b" || fail build
    run_app "$b/app" "c=42 cxx=55" "hccsim: mode=native makespan="
    # Dependency files name the original sources and headers.
    deps=$(ninja -C "$b" -t deps CMakeFiles/app.dir/main.c.o)
    [[ "$deps" == *"$src/project/main.c"* && "$deps" == *util.h* ]] || fail "deps: $deps"
    [[ "$deps" != *hccsim.* ]] || fail "deps name a temporary file: $deps"
    echo "ok: deps of main.c.o name main.c and util.h" ;;
  simulate)
    b=$work/simulate
    CC=$P/bin/hccsim CXX=$P/bin/hccsim "$cmake" -S "$src/project" -B "$b" -G "Unix Makefiles" \
      -DCMAKE_C_FLAGS=-fsimulate -DCMAKE_CXX_FLAGS=-fsimulate > "$work/simulate.log" \
      || { cat "$work/simulate.log"; fail configure; }
    "$cmake" --build "$b" || fail build
    HCC_PLATFORM=moved-only run_app "$b/app" "" "hccsim: mode=simulate makespan="
    HCC_PLATFORM=laptop run_app "$b/app" "" "hccsim: mode=simulate makespan=" ;;
  make)
    rm -rf "$work/make" && cp -r "$src/project" "$work/make"
    HCCSIM_MODE=instrument make -C "$work/make" CC="$P/bin/hccsim" CXX="$P/bin/hccsim" CFLAGS=-O2 CXXFLAGS=-O2 \
      || fail make
    (cd "$work/make" && run_app ./app "c=42 cxx=55" "hccsim: mode=instrument makespan=") ;;
  package)
    b=$work/package
    "$cmake" -S "$src/package" -B "$b" -DCMAKE_PREFIX_PATH="$P" ${cc:+-DCMAKE_C_COMPILER="$cc"} > "$work/package.log" \
      || { cat "$work/package.log"; fail configure; }
    grep -q "hccsim 0\.[0-9.]*: compiler $P/bin/hccsim, platforms $P/share/hccsim/platforms" "$work/package.log" \
      || { cat "$work/package.log"; fail "package variables"; }
    "$cmake" --build "$b" || fail build
    run_app "$b/capi" "x=7" "hccsim: mode=native makespan="
    if [ -x "$b/capi-sim" ]; then
      HCC_PLATFORM=moved-only run_app "$b/capi-sim" "" "hccsim: mode=simulate makespan="
    fi ;;
  *) fail "unknown step $step" ;;
esac
