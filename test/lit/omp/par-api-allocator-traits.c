// RUN: %omp-check %s
// Checks allocators made with traits: alignment honoured by omp_alloc and
// omp_aligned_alloc, a pool whose fallback is null, another allocator as
// fallback, omp_realloc keeping the contents, and the entry points libomp
// exports beside them (pause, places, teams ICVs, explicit-task query,
// affinity format round trip).
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  omp_alloctrait_t aligned[] = {{omp_atk_alignment, 256}};
  omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 1, aligned);
  int ok = a != omp_null_allocator;
#pragma omp parallel reduction(&& : ok)
  {
    double *p = omp_alloc(1000 * sizeof(double), a);
    double *q = omp_aligned_alloc(64, 10, a);
    ok = p && q && (uintptr_t)p % 256 == 0 && (uintptr_t)q % 256 == 0;
    for (int i = 0; p && i < 1000; ++i) p[i] = i;
    p = omp_realloc(p, 2000 * sizeof(double), a, a);
    ok = ok && p && p[999] == 999;
    omp_free(p, a);
    omp_free(q, a);
  }
  printf("aligned allocator: %d\n", ok);
  omp_destroy_allocator(a);

  omp_alloctrait_t pool[] = {{omp_atk_pool_size, 4096}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t small = omp_init_allocator(omp_default_mem_space, 2, pool);
  void *first = omp_alloc(3000, small), *second = omp_alloc(3000, small);
  printf("pool: first %d, second beyond it %d\n", first != NULL, second == NULL);
  omp_free(first, small);
  void *again = omp_alloc(3000, small);
  printf("pool after a free: %d\n", again != NULL);
  omp_free(again, small);

  omp_alloctrait_t chained[] = {{omp_atk_pool_size, 16}, {omp_atk_fallback, omp_atv_allocator_fb},
                                {omp_atk_fb_data, omp_default_mem_alloc}};
  omp_allocator_handle_t c = omp_init_allocator(omp_default_mem_space, 3, chained);
  void *big = omp_alloc(1 << 20, c);
  printf("fallback allocator: %d\n", big != NULL);
  omp_free(big, c);
  omp_destroy_allocator(c);
  omp_destroy_allocator(small);

  printf("pause soft: %d\n", omp_pause_resource_all(omp_pause_soft));
  int procs = 0;
  for (int p = 0; p < omp_get_num_places(); ++p) procs += omp_get_place_num_procs(p);
  printf("places cover the processors: %d\n", omp_get_num_places() == 0 || procs >= 1);
  omp_set_num_teams(3);
  omp_set_teams_thread_limit(2);
  printf("max teams %d, teams thread limit %d\n", omp_get_max_teams(), omp_get_teams_thread_limit());
  // No block for no bytes, from the default allocator or one with a pool.
  omp_alloctrait_t pool_trait = {omp_atk_pool_size, 1 << 20};
  omp_allocator_handle_t pooled = omp_init_allocator(omp_large_cap_mem_space, 1, &pool_trait);
  void *none[4] = {omp_alloc(0, omp_default_mem_alloc), omp_calloc(1024, 0, omp_default_mem_alloc),
                   omp_calloc(1024, 0, pooled), omp_aligned_alloc(64, 0, pooled)};
  printf("zero-byte blocks: %d %d %d %d\n", none[0] == NULL, none[1] == NULL, none[2] == NULL, none[3] == NULL);
  for (int i = 0; i < 4; ++i) omp_free(none[i], pooled);
  omp_destroy_allocator(pooled);

  int in_task = -1;
#pragma omp parallel
#pragma omp single
#pragma omp task shared(in_task)
  in_task = omp_in_explicit_task();
  printf("in explicit task: %d, outside: %d\n", in_task, omp_in_explicit_task());
  omp_set_affinity_format("thread %n of %N");
  char format[64];
  size_t n = omp_get_affinity_format(format, sizeof format);
  printf("affinity format: %s (%zu)\n", format, n);
  char line[64];
  omp_capture_affinity(line, sizeof line, "level %L");
  printf("captured: %s\n", line);
  return 0;
}
