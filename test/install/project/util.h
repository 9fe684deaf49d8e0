#ifndef UTIL_H
#define UTIL_H
#ifdef __cplusplus
extern "C" {
#endif
/* 1 + 2 + ... + n, one task per term (C++, util.cpp). */
int cxx_sum(int n);
#ifdef __cplusplus
}
#endif
#endif
