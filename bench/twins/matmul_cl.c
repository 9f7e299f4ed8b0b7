/* matmul.cu's program with an OpenCL host: the same sizes, launches and
 * checksum line. */
#include "clhost.h"
#include "common.h"

#include <string.h>

#define TILE 16

int main(int argc, char **argv) {
  int n = twins_arg(argc, argv, 1, 128), reps = twins_arg(argc, argv, 2, 2);
  n = (n + TILE - 1) / TILE * TILE;
  size_t bytes = (size_t)n * n * sizeof(float);
  float *A = malloc(bytes), *B = malloc(bytes), *C = malloc(bytes), *ref = malloc(bytes);
  matmul_init(A, B, n);
  twins_cl c;
  twins_cl_open(&c, TWINS_CL);
  cl_kernel k = twins_kernel(&c, "mm");
  cl_mem dA = twins_buffer(&c, bytes, A), dB = twins_buffer(&c, bytes, B);
  cl_mem dC = twins_buffer(&c, bytes, NULL);
  size_t local[2] = {TILE, TILE}, global[2] = {(size_t)n, (size_t)n};
  for (int r = 0; r < reps; r++) {
    CLCHECK(clSetKernelArg(k, 0, sizeof dA, &dA));
    CLCHECK(clSetKernelArg(k, 1, sizeof dB, &dB));
    CLCHECK(clSetKernelArg(k, 2, sizeof dC, &dC));
    CLCHECK(clSetKernelArg(k, 3, sizeof n, &n));
    CLCHECK(clEnqueueNDRangeKernel(c.q, k, 2, NULL, global, local, 0, NULL, NULL));
  }
  twins_read(&c, dC, bytes, C);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float acc = 0.0f;
      for (int kk = 0; kk < n; kk++) acc += A[i * n + kk] * B[kk * n + j];
      ref[i * n + j] = acc;
    }
  int ok = memcmp(C, ref, bytes) == 0;
  printf("matmul n=%d reps=%d checksum=%016llx %s\n", n, reps,
         (unsigned long long)twins_fnv(C, bytes), ok ? "ok" : "WRONG");
  return !ok;
}
