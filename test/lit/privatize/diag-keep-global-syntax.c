// Diagnostics: malformed keep_global directives, each with a hint.
// RUN: not %hcc-rewrite --privatize %s -- 2>&1 | FileCheck %s
int a, b;

#pragma hcc keep_global
// CHECK: diag-keep-global-syntax.c:[[@LINE-1]]:24: error: hccsim: expected '(' after 'keep_global' (write keep_global(name, ...) with the names of global or static variables), found end of line
#pragma hcc keep_global()
// CHECK: diag-keep-global-syntax.c:[[@LINE-1]]:25: error: hccsim: expected a variable name in 'keep_global(...)', found ')'
#pragma hcc keep_global(a b)
// CHECK: diag-keep-global-syntax.c:[[@LINE-1]]:27: error: hccsim: expected ',' or ')' after 'a' in 'keep_global(...)', found 'b'
#pragma hcc keep_global(a, 3)
// CHECK: diag-keep-global-syntax.c:[[@LINE-1]]:28: error: hccsim: expected a variable name in 'keep_global(...)', found '3'
