#!/usr/bin/env python3
"""Every omp_* entry point libomp 19 exports links with hccsim.

  python3 bench/omp_api.py --build-dir build [--check]

Takes the functions that clang-19's own omp.h declares and libomp.so exports
(nm -D), writes a program that takes the address of each, builds it with
`hccsim -fnative` (libhccomp in place of libomp) and runs it. Prints the
symbols the link did not find, then
  figure omp_api_missing_symbols = <their count>
and with --check exits 1 when it is not 0 (the CTest omp_api_symbols): the
list comes from libomp's own header and library, so the test fails when
either side changes.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def tool_output(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--clang", default="clang-19")
    ap.add_argument("--check", action="store_true", help="exit 1 unless every symbol links")
    args = ap.parse_args()
    hccsim = os.path.join(os.path.abspath(args.build_dir), "bin", "hccsim")
    header = os.path.join(tool_output([args.clang, "-print-resource-dir"]), "include", "omp.h")
    library = os.path.realpath(tool_output([args.clang, "-print-file-name=libomp.so"]))
    if not os.path.isfile(header) or not os.path.isfile(library):
        sys.exit(f"omp_api: no omp.h ({header}) or libomp.so ({library}) for {args.clang}")
    declared = set(re.findall(r"extern\s+[^;]*?\b(omp_[a-z_0-9]+)\s*\(", open(header).read()))
    exported = set()
    for line in tool_output(["nm", "-D", "--defined-only", library]).splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TtWiV":
            exported.add(parts[2].split("@")[0])
    names = sorted(declared & exported)
    with tempfile.TemporaryDirectory() as work:
        src = os.path.join(work, "omp_api.c")
        with open(src, "w") as f:
            f.write("#include <omp.h>\n#include <stdio.h>\nvoid *volatile sink;\nint main(void) {\n")
            f.writelines(f"  sink = (void *)&{n};\n" for n in names)
            f.write('  puts("linked");\n  return 0;\n}\n')
        exe = os.path.join(work, "omp_api")
        p = subprocess.run([hccsim, "-fnative", src, "-o", exe], capture_output=True, text=True)
        missing = sorted(set(re.findall(r"undefined reference to `([A-Za-z_0-9]+)'", p.stderr)))
        if p.returncode != 0 and not missing:
            sys.exit(f"omp_api: the build failed:\n{p.stderr}")
        if not missing:
            run = subprocess.run([exe], capture_output=True, text=True, env=dict(os.environ, HCC_WORKERS="2"))
            if run.returncode != 0 or not run.stdout.startswith("linked"):
                sys.exit(f"omp_api: the program did not run:\n{run.stdout}{run.stderr}")
    print(f"{len(names)} functions declared by {header} and exported by {library}")
    for n in missing:
        print(f"  missing: {n}")
    print(f"figure omp_api_missing_symbols = {len(missing)}")
    if args.check and missing:
        sys.exit(1)


if __name__ == "__main__":
    main()
