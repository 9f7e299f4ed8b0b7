// Compile test for simulee's CUDA headers: the library headers declare a
// host API only; a kernel that calls a library function must be rejected
// with clang's diagnostic naming it (not compile into an unresolved call):
// a host function is no candidate in device code.
// ERROR: no matching function for call to 'cublasSgemm_v2'
#include <cublas_v2.h>

__global__ void gemm_in_kernel(cublasHandle_t h, const float *a, float *c, int n) {
  const float one = 1.0f;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, a, n, &one, c, n);
}
