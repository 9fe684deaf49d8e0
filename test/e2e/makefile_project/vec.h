#ifndef VEC_H
#define VEC_H
#ifdef __cplusplus
extern "C" {
#endif
void vec_fill(double *x, long n, double scale);
double vec_dot(const double *x, const double *y, long n);
double vec_norm_tasks(const double *x, long n, long block);
long stats_calls(void);
#ifdef __cplusplus
}
#endif
#endif
