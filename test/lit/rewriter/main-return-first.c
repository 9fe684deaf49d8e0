// main whose first statement is its return: hcc_init() goes before it (this
// used to crash the rewriter).
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s
int main(void){return 0;}

// CHECK: int main(void){ if (hcc_init() != 0) return 1;{ hcc_wait_all(); int __hcc_ret = (0); hcc_shutdown(); return __hcc_ret; }}
