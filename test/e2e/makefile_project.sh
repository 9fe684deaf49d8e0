#!/usr/bin/env bash
# The Makefile project in makefile_project/ (a static library, a shared
# library made from it with -shared -Wl,--whole-archive, C and C++
# executables linked against each) builds with CC=hccsim CXX=hccsim in all
# three modes; native and instrumented programs print what the gcc build
# prints, simulated ones reach the summary line with the native task count
# and the results of the code that runs for real. Then the driver's other
# command-line forms: a response file, a source on standard input, a library
# before or after the sources that need it.
#   makefile_project.sh <hccsim> <project dir> <work dir>
set -uo pipefail
hccsim=$1 project=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
export OMP_NUM_THREADS=2 HCC_WORKERS=2 HCC_MODEL_DIR=$work/models
fail() { echo "FAIL: $*"; exit 1; }
exes=(demo-static demo-shared demo-cxx-static demo-cxx-shared)

cp -r "$project" gcc && make -s -C gcc CC=gcc CXX=g++ >/dev/null || fail "the gcc build"
for m in native instrument simulate; do
  cp -r "$project" "$m"
  make -s -C "$m" CC="$hccsim" CXX="$hccsim" CFLAGS="-f$m -O2" CXXFLAGS="-f$m -O2" LDFLAGS="-f$m" \
    > "$m.log" 2>&1 || { cat "$m.log"; fail "make with CC=hccsim, -f$m"; }
  for e in "${exes[@]}"; do
    want=$(cd gcc && "./$e") || fail "gcc's $e"
    got=$(cd "$m" && "./$e" 2> "../$m-$e.err") || { cat "$m-$e.err"; fail "$m $e exited with $?"; }
    summary=$(tail -n 1 "$m-$e.err")
    [[ "$summary" == "hccsim: mode=$m "*" tasks=49 "* ]] || fail "$m $e: summary '$summary'"
    if [ "$m" = simulate ]; then
      # Task kernels are simulated, not run: only the loops' results (dot) and
      # the library's file static, privatised, are the program's. The
      # simulation says so, on the line before its summary.
      note=$(head -n 1 "$m-$e.err")
      [[ "$note" == "hccsim: note: 49 runs of 1 kernel charged from its models, not run: "*"(stats.c:17 (49))" ]] \
        || fail "$m $e: no note of the kernels not run: $(cat "$m-$e.err")"
      [ "$(wc -l < "$m-$e.err")" = 2 ] || fail "$m $e: stderr: $(cat "$m-$e.err")"
      [ "${got%% norm=*}" = "${want%% norm=*}" ] && [ "${got##* }" = "${want##* }" ] \
        || fail "$m $e printed '$got', gcc's '$want'"
    else
      [ "$(wc -l < "$m-$e.err")" = 1 ] || fail "$m $e: stderr: $(cat "$m-$e.err")"
      [ "$got" = "$want" ] || fail "$m $e printed '$got', gcc's '$want'"
    fi
    echo "ok: $m $e: $got"
  done
done

# A response file (quotes, a nested one) and -o before the inputs.
printf -- '-O2 "%s/main.c"\n@inner.rsp\n' "$project" > outer.rsp
printf -- "'%s/vec.c' %s/stats.c -lm\n" "$project" "$project" > inner.rsp
"$hccsim" -o rsp-demo -fnative -I"$project" @outer.rsp || fail "a link from response files"
[ "$(./rsp-demo 2>/dev/null)" = "$(cd gcc && ./demo-static)" ] || fail "the response-file build prints otherwise"
# A source on standard input, compiled and linked beside a file.
"$hccsim" -fnative -I"$project" -x c - -c -o stdin.o < "$project/vec.c" || fail "-x c - -c"
"$hccsim" -fnative -I"$project" "$project/main.c" stdin.o -x c - -lm -o stdin-demo < "$project/stats.c" \
  || fail "-x c - in a link"
[ "$(./stdin-demo 2>/dev/null)" = "$(cd gcc && ./demo-static)" ] || fail "the standard-input build prints otherwise"
msg=$("$hccsim" -fnative - < "$project/vec.c" 2>&1) && fail "standard input without -x was accepted"
[ "$msg" = "hccsim: -x is required when the input is standard input (-x c -)" ] || fail "$msg"
# Link order as clang's: a library after the sources resolves them, before
# them it does not.
"$hccsim" -fsimulate -I"$project" "$project/main.c" simulate/libvec.a -lm -o after-demo || fail "main.c libvec.a"
"$hccsim" -fsimulate -I"$project" simulate/libvec.a "$project/main.c" -lm -o before-demo 2> before.err \
  && fail "a library before the sources that need it resolved them (clang does not)"
grep -q "undefined reference to \`vec_fill'" before.err || fail "$(cat before.err)"
# -MD -MF: the dependency file names the original source.
"$hccsim" -fsimulate -I"$project" -MD -MF vec.d -c "$project/vec.c" -o vec.o || fail "-MD -MF"
grep -q "^vec.o: $project/vec.c" vec.d || fail "vec.d: $(head -2 vec.d)"
echo "ok: driver forms"
