// Bad input to a simulated MPI run: each gets one clear line.
// RUN: %hccsim -fsimulate %s -o %t.sim
// An unknown platform:
// RUN: not %hccsim-run -np 2 --platform nowhere %t.sim 2>&1 | FileCheck %s --check-prefix=PLATFORM
// PLATFORM: hccsim: error: unknown platform 'nowhere' (presets: {{.*}}; or give the path of a SimGrid XML file)
// A host file naming a host the platform does not have:
// RUN: printf 'node-0 slots=2\nnode-99\n' > %t.hosts
// RUN: not %hccsim-run -np 2 --platform cluster-64x16 -hostfile %t.hosts %t.sim 2>&1 | FileCheck %s --check-prefix=HOST
// HOST: hccsim: error: host file '{{.*}}.hosts', line 2: the platform has no host 'node-99'
// More ranks than the platform's slots:
// RUN: not %hccsim-run -np 3 --platform laptop %t.sim 2>&1 | FileCheck %s --check-prefix=SLOTS
// SLOTS: hccsim: error: 3 ranks, but platform 'laptop' offers 2 slots (1 hosts); use fewer ranks, more hosts, or hccsim-run --oversubscribe
// RUN: %hccsim-run -np 3 --oversubscribe --platform laptop %t.sim 2>&1 | FileCheck %s --check-prefix=OVER
// OVER: ranks=3
// A program built -fsimulate started without hccsim-run:
// RUN: not %t.sim 2>&1 | FileCheck %s --check-prefix=DIRECT
// DIRECT: hccsim: error: this MPI program was built with hccsim -fsimulate: start it with hccsim-run -np <ranks> [--platform <preset or file>] ./program [args]
// A SimGrid option whose value or key SimGrid cannot read:
// RUN: not %hccsim-run -np 2 --platform laptop --cfg=smpi/cpu-threshold:abc %t.sim 2>&1 | FileCheck %s --check-prefix=CFG
// CFG: hccsim: error: --cfg=smpi/cpu-threshold:abc: invalid double
// RUN: not %hccsim-run -np 2 --platform laptop --cfg=smpi/no-such-key:1 %t.sim 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: hccsim: error: --cfg=smpi/no-such-key:1: Bad config key: smpi/no-such-key
// Options hccsim-run does not know, and a bad rank count:
// RUN: not %hccsim-run -np 0 %t.sim 2>&1 | FileCheck %s --check-prefix=NP
// NP: hccsim-run: -np '0': expected a positive number of ranks
// A program built to run natively, which would run as one rank:
// RUN: %hccsim -fnative %s -o %t.native
// RUN: not %hccsim-run -np 2 %t.native 2>&1 | FileCheck %s --check-prefix=NATIVE
// NATIVE: hccsim-run: '{{.*}}.native' was built to run natively (hccsim-run runs programs built with 'hccsim -fsimulate'): run it with 'mpirun -np 2 {{.*}}.native', or build it with -fsimulate
#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Finalize();
  return 0;
}
