// The driver's dependency options, as Makefiles use them: -M and -MM print
// the source's make rule (makedepend style: before, the driver compiled and
// then failed on the output, "not a valid object file"), -MT names its
// target, -o writes it to a file; -MD -MF write the rule beside a compile.
// RUN: %hccsim -fsimulate -MM %s | FileCheck %s --check-prefix=MM
// A long path wraps the rule after the target (as clang does): check the
// target, then each prerequisite on whatever line it lands.
// MM: driver-dependencies.o:
// MM: driver-dependencies.c
// MM: Inputs/dependency.h
// RUN: %hccsim -fnative -M -MT obj/x.o %s | FileCheck %s --check-prefix=M
// M: obj/x.o:
// M: driver-dependencies.c
// M: stdio.h
// RUN: %hccsim -fsimulate -MM %s -o %t.d && FileCheck %s --check-prefix=MM < %t.d
// RUN: %hccsim -fsimulate -c -MD -MF %t.md %s -o %t.o && FileCheck %s --check-prefix=MD < %t.md
// MD: {{.*}}.o:
// MD: driver-dependencies.c
// MD: Inputs/dependency.h
#include <stdio.h>

#include "Inputs/dependency.h"

int main(void) {
  printf("%d\n", DEPENDENCY_VALUE);
  return 0;
}
