// cuBLASXt as simpleCUBLASXT uses it: a handle, device 0 selected, a tile
// size, then gemms of host matrices (float, A transposed; double with A in
// device memory and a leading dimension larger than its rows), checked
// against host loops; what the handle refuses (a second device, a bad tile).
#include <cublasXt.h>
#include <cstdio>
#include <vector>

template <typename T>
static int check(const std::vector<T> &a, const std::vector<T> &b, std::vector<T> c0,
                 const std::vector<T> &c, int m, int n, int k, int lda, bool ta, T alpha,
                 T beta) {
  int bad = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      T s = 0;
      for (int p = 0; p < k; p++) s += (ta ? a[p + i * lda] : a[i + p * lda]) * b[p + j * k];
      T want = alpha * s + beta * c0[i + j * m];
      T d = c[i + j * m] - want;
      bad += d > (T)1e-3 || d < (T)-1e-3;
    }
  return bad;
}

int main() {
  cublasXtHandle_t h;
  if (cublasXtCreate(&h) != CUBLAS_STATUS_SUCCESS) return 1;
  int dev[1] = {0}, two[2] = {0, 1}, block = 0;
  cublasStatus_t other = cublasXtDeviceSelect(h, 2, two);
  cublasXtDeviceSelect(h, 1, dev);
  cublasStatus_t bad_tile = cublasXtSetBlockDim(h, 0);
  cublasXtSetBlockDim(h, 64);
  cublasXtGetBlockDim(h, &block);
  printf("second device: %d, tile 0: %d, tile %d\n", (int)other, (int)bad_tile, block);
  const int m = 37, n = 21, k = 45;
  int bad = 0;
  { // float, op(A) = A^T: A is k x m
    std::vector<float> a(k * m), b(k * n), c(m * n), c0;
    for (size_t i = 0; i < a.size(); i++) a[i] = (float)((i * 7) % 11) - 5;
    for (size_t i = 0; i < b.size(); i++) b[i] = (float)((i * 3) % 7) - 3;
    for (size_t i = 0; i < c.size(); i++) c[i] = (float)(i % 5);
    c0 = c;
    float alpha = 1.5f, beta = -0.5f;
    cublasStatus_t s = cublasXtSgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &alpha, a.data(), k,
                                     b.data(), k, &beta, c.data(), m);
    bad += s != CUBLAS_STATUS_SUCCESS;
    bad += check(a, b, c0, c, m, n, k, k, true, alpha, beta);
  }
  { // double, A in device memory with lda = m + 3
    const int lda = m + 3;
    std::vector<double> a(lda * k), b(k * n), c(m * n), c0;
    for (size_t i = 0; i < a.size(); i++) a[i] = (double)((i * 5) % 13) - 6;
    for (size_t i = 0; i < b.size(); i++) b[i] = (double)((i * 11) % 9) - 4;
    for (size_t i = 0; i < c.size(); i++) c[i] = (double)(i % 3);
    c0 = c;
    double *da;
    cudaMalloc(&da, a.size() * sizeof(double));
    cudaMemcpy(da, a.data(), a.size() * sizeof(double), cudaMemcpyHostToDevice);
    double alpha = 2.0, beta = 1.0;
    cublasStatus_t s = cublasXtDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, da, lda,
                                     b.data(), k, &beta, c.data(), m);
    bad += s != CUBLAS_STATUS_SUCCESS;
    bad += check(a, b, c0, c, m, n, k, lda, false, alpha, beta);
    cudaFree(da);
  }
  cublasXtDestroy(h);
  printf("blasxt: %d wrong\n", bad);
  return 0;
}
