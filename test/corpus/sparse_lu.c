/* A sparse LU factorisation shaped like a task suite's: the matrix is an
 * array of pointers to blocks, most of them NULL; a task of the update
 * phase allocates the block it fills when it is NULL, and the control code
 * of the next step tests those pointers to decide which tasks to create.
 * Prints the tasks it created, the blocks allocated at the end and a
 * checksum of the factors ("simulated" in a simulation, whose kernels are
 * models). */
#include <stdio.h>
#include <stdlib.h>

#define NB 20 /* blocks per side */
#define BS 16 /* block side */

static float **matrix;
static long created;

static float *allocate_clean_block(void) {
  float *b = malloc(BS * BS * sizeof(float));
  for (int i = 0; i < BS * BS; ++i) b[i] = 0.0f;
  return b;
}

static void genmat(void) {
  matrix = malloc(NB * NB * sizeof(float *));
  unsigned seed = 1325;
  for (int ii = 0; ii < NB; ++ii)
    for (int jj = 0; jj < NB; ++jj) {
      int present = ii == jj || (ii % 3 == 0 && jj % 2 == 0) || (jj % 5 == 0 && ii % 4 == 1);
      float *p = NULL;
      if (present) {
        p = malloc(BS * BS * sizeof(float));
        for (int i = 0; i < BS * BS; ++i) {
          seed = (3125 * seed) % 65536;
          p[i] = (float)((seed - 32768.0) / 16384.0);
        }
        if (ii == jj)
          for (int i = 0; i < BS; ++i) p[i * BS + i] += 64.0f;
      }
      matrix[ii * NB + jj] = p;
    }
}

static void lu0(float *diag) {
  for (int k = 0; k < BS; ++k)
    for (int i = k + 1; i < BS; ++i) {
      diag[i * BS + k] /= diag[k * BS + k];
      for (int j = k + 1; j < BS; ++j) diag[i * BS + j] -= diag[i * BS + k] * diag[k * BS + j];
    }
}

static void fwd(const float *diag, float *col) {
  for (int k = 0; k < BS; ++k)
    for (int i = k + 1; i < BS; ++i)
      for (int j = 0; j < BS; ++j) col[i * BS + j] -= diag[i * BS + k] * col[k * BS + j];
}

static void bdiv(const float *diag, float *row) {
  for (int i = 0; i < BS; ++i)
    for (int k = 0; k < BS; ++k) {
      row[i * BS + k] /= diag[k * BS + k];
      for (int j = k + 1; j < BS; ++j) row[i * BS + j] -= row[i * BS + k] * diag[k * BS + j];
    }
}

static void bmod(const float *row, const float *col, float *inner) {
  for (int i = 0; i < BS; ++i)
    for (int j = 0; j < BS; ++j)
      for (int k = 0; k < BS; ++k) inner[i * BS + j] -= row[i * BS + k] * col[k * BS + j];
}

static void sparselu(void) {
#pragma omp parallel
#pragma omp single nowait
  for (int kk = 0; kk < NB; ++kk) {
    lu0(matrix[kk * NB + kk]);
    for (int jj = kk + 1; jj < NB; ++jj)
      if (matrix[kk * NB + jj] != NULL) {
        ++created;
#pragma omp task firstprivate(kk, jj) shared(matrix)
        fwd(matrix[kk * NB + kk], matrix[kk * NB + jj]);
      }
    for (int ii = kk + 1; ii < NB; ++ii)
      if (matrix[ii * NB + kk] != NULL) {
        ++created;
#pragma omp task firstprivate(kk, ii) shared(matrix)
        bdiv(matrix[kk * NB + kk], matrix[ii * NB + kk]);
      }
#pragma omp taskwait
    for (int ii = kk + 1; ii < NB; ++ii)
      if (matrix[ii * NB + kk] != NULL)
        for (int jj = kk + 1; jj < NB; ++jj)
          if (matrix[kk * NB + jj] != NULL) {
            ++created;
#pragma omp task firstprivate(kk, jj, ii) shared(matrix)
            {
              if (matrix[ii * NB + jj] == NULL) matrix[ii * NB + jj] = allocate_clean_block();
              bmod(matrix[ii * NB + kk], matrix[kk * NB + jj], matrix[ii * NB + jj]);
            }
          }
#pragma omp taskwait
  }
}

int main(void) {
  genmat();
  int before = 0, after = 0;
  for (int i = 0; i < NB * NB; ++i) before += matrix[i] != NULL;
  sparselu();
  double checksum = 0;
  for (int i = 0; i < NB * NB; ++i)
    if (matrix[i]) {
      ++after;
      for (int j = 0; j < BS * BS; j += 7) checksum += matrix[i][j];
    }
  printf("sparse_lu: tasks=%ld blocks before=%d after=%d\n", created, before, after);
#ifdef __HCCSIM_SIMULATE__
  (void)checksum;
  printf("sparse_lu: checksum=simulated\n");  /* the kernels' results are models' */
#else
  printf("sparse_lu: checksum=%.3e\n", checksum);
#endif
  return 0;
}
