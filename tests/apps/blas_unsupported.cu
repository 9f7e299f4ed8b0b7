// Calls a cuBLAS function simulee's runtime does not implement (complex
// gemm): the link fails and `simulee run` names the function.
#include <cublas_v2.h>
#include <cstdio>

int main() {
  cublasHandle_t h;
  cublasCreate(&h);
  cuComplex one = make_cuComplex(1, 0), *a = nullptr;
  printf("%d\n", (int)cublasCgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 1, 1, 1, &one, a, 1, a, 1, &one,
                                  a, 1));
  return 0;
}
