// cuBLAS from a CUDA program, run on the CPU by simulee's runtime
// (OpenBLAS): a kernel builds a matrix, then level 1-3 calls on a created
// stream, column-major as cuBLAS, each checked against a host reference.
// Pattern: none (clean).
#include <cublas_v2.h>
#include <cmath>
#include <cstdio>
#include <vector>

#define CHECK(call)                                                          \
  do {                                                                       \
    cublasStatus_t s_ = (call);                                              \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                       \
      printf("%s: %s\n", #call, cublasGetStatusName(s_));                    \
      return 1;                                                              \
    }                                                                        \
  } while (0)

// a[i + j * ld] = (i - 2 j) / 8 for an m x n column-major matrix
template <typename T>
__global__ void fill_ramp(T *a, int m, int n, int ld) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m * n) a[i % m + (i / m) * ld] = T(i % m - 2 * (i / m)) / T(8);
}

static int wrong = 0;
template <typename T> static void expect(const char *what, T got, T want, T tol) {
  if (!(std::fabs(got - want) <= tol * (1 + std::fabs(want)))) {
    if (wrong < 8) printf("%s: got %.9g, want %.9g\n", what, (double)got, (double)want);
    wrong++;
  }
}

// C = alpha op(A) op(B) + beta C on the host, column-major
template <typename T>
static void ref_gemm(bool ta, bool tb, int m, int n, int k, T alpha, const T *A, int lda,
                     const T *B, int ldb, T beta, T *C, int ldc) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      T s = 0;
      for (int p = 0; p < k; p++)
        s += (ta ? A[p + i * lda] : A[i + p * lda]) * (tb ? B[j + p * ldb] : B[p + j * ldb]);
      C[i + j * ldc] = alpha * s + beta * C[i + j * ldc];
    }
}

int main() {
  const int m = 13, n = 9, k = 7, lda = 16, ldb = 10, ldc = 15;
  cublasHandle_t h;
  cudaStream_t stream;
  CHECK(cublasCreate(&h));
  cudaStreamCreate(&stream);
  CHECK(cublasSetStream(h, stream));
  cudaStream_t got_stream;
  CHECK(cublasGetStream(h, &got_stream));
  if (got_stream != stream) printf("cublasGetStream: not the stream set\n"), wrong++;

  // Sgemm: A (m x k, lda) built by a kernel on the stream, B^T given (n x k)
  std::vector<float> hA(lda * k), hBt(ldb * k), hC(ldc * n);
  for (int j = 0; j < k; j++)
    for (int i = 0; i < m; i++) hA[i + j * lda] = float(i - 2 * j) / 8;
  for (int j = 0; j < k; j++)
    for (int i = 0; i < n; i++) hBt[i + j * ldb] = float((3 * i + j) % 5) - 1.5f;
  for (int i = 0; i < ldc * n; i++) hC[i] = float(i % 7) * 0.25f;
  float *dA, *dB, *dC;
  cudaMalloc(&dA, sizeof(float) * lda * k);
  cudaMalloc(&dB, sizeof(float) * ldb * k);
  cudaMalloc(&dC, sizeof(float) * ldc * n);
  int threads = 64, blocks = (m * k + threads - 1) / threads;
  fill_ramp<float><<<blocks, threads, 0, stream>>>(dA, m, k, lda);
  CHECK(cublasSetMatrix(n, k, sizeof(float), hBt.data(), ldb, dB, ldb));
  CHECK(cublasSetMatrix(m, n, sizeof(float), hC.data(), ldc, dC, ldc));
  float alpha = 1.5f, beta = -0.5f;
  CHECK(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, m, n, k, &alpha, dA, lda, dB, ldb, &beta, dC,
                    ldc));
  std::vector<float> gC(ldc * n);
  CHECK(cublasGetMatrix(m, n, sizeof(float), dC, ldc, gC.data(), ldc));
  ref_gemm(false, true, m, n, k, alpha, hA.data(), lda, hBt.data(), ldb, beta, hC.data(), ldc);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) expect("Sgemm", gC[i + j * ldc], hC[i + j * ldc], 1e-5f);

  // Dgemv with the transpose: y = alpha A^T x + beta y, A m x n (lda)
  std::vector<double> dhA(lda * n), hx(m), hy(2 * n);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) dhA[i + j * lda] = std::sin(0.3 * i + j);
  for (int i = 0; i < m; i++) hx[i] = 1.0 / (i + 1);
  for (int i = 0; i < 2 * n; i++) hy[i] = i;
  double *ddA, *dx, *dy;
  cudaMalloc(&ddA, sizeof(double) * lda * n);
  cudaMalloc(&dx, sizeof(double) * m);
  cudaMalloc(&dy, sizeof(double) * 2 * n);
  cudaMemcpy(ddA, dhA.data(), sizeof(double) * lda * n, cudaMemcpyHostToDevice);
  CHECK(cublasSetVector(m, sizeof(double), hx.data(), 1, dx, 1));
  CHECK(cublasSetVector(2 * n, sizeof(double), hy.data(), 1, dy, 1));
  double dalpha = 2.0, dbeta = 0.5;
  CHECK(cublasDgemv(h, CUBLAS_OP_T, m, n, &dalpha, ddA, lda, dx, 1, &dbeta, dy, 2));
  std::vector<double> gy(2 * n);
  CHECK(cublasGetVector(2 * n, sizeof(double), dy, 1, gy.data(), 1));
  for (int j = 0; j < n; j++) {
    double s = 0;
    for (int i = 0; i < m; i++) s += dhA[i + j * lda] * hx[i];
    expect("Dgemv", gy[2 * j], dalpha * s + dbeta * hy[2 * j], 1e-12);
    expect("Dgemv (untouched)", gy[2 * j + 1], hy[2 * j + 1], 0.0);
  }

  // level 1 on x (m doubles): axpy into y's even elements, dot, nrm2, scal
  double dot = 0, nrm = 0, want_dot = 0, want_nrm = 0;
  CHECK(cublasDaxpy(h, n, &dalpha, dx, 1, dy, 2));
  CHECK(cublasGetVector(2 * n, sizeof(double), dy, 1, gy.data(), 1));
  for (int j = 0; j < n; j++) {
    double s = 0;
    for (int i = 0; i < m; i++) s += dhA[i + j * lda] * hx[i];
    expect("Daxpy", gy[2 * j], dalpha * s + dbeta * hy[2 * j] + dalpha * hx[j], 1e-12);
  }
  CHECK(cublasDdot(h, m, dx, 1, dx, 1, &dot));
  CHECK(cublasDnrm2(h, m, dx, 1, &nrm));
  for (int i = 0; i < m; i++) want_dot += hx[i] * hx[i];
  want_nrm = std::sqrt(want_dot);
  expect("Ddot", dot, want_dot, 1e-12);
  expect("Dnrm2", nrm, want_nrm, 1e-12);
  float sdot = 0, snrm = 0, half = 0.5f;
  CHECK(cublasSscal(h, m, &half, dA, 1)); // the first column of A, halved
  CHECK(cublasSdot(h, k, dA, 1, dA, lda, &sdot)); // column 0 . row 0, k elements each
  float want_sdot = 0;
  for (int i = 0; i < k; i++) want_sdot += (hA[i] / 2) * (i ? hA[i * lda] : hA[0] / 2);
  expect("Sdot", sdot, want_sdot, 1e-6f);
  CHECK(cublasSnrm2(h, m, dA, 1, &snrm));
  float want_s = 0;
  for (int i = 0; i < m; i++) want_s += (hA[i] / 2) * (hA[i] / 2);
  expect("Sscal+Snrm2", snrm, std::sqrt(want_s), 1e-6f);
  int imax = 0;
  CHECK(cublasIdamax(h, m, dx, 1, &imax));
  if (imax != 1) printf("Idamax: got %d, want 1\n", imax), wrong++;

  // SgemmStridedBatched: 3 products A_b^T B_b (k x m by k x n -> m x n)
  const int batch = 3, sa = k * m + 5, sb = k * n + 3, sc = m * n + 1;
  std::vector<float> bA(sa * batch), bB(sb * batch), bC(sc * batch, 1.0f);
  for (int i = 0; i < sa * batch; i++) bA[i] = float((i * 7) % 11) / 4 - 1;
  for (int i = 0; i < sb * batch; i++) bB[i] = float((i * 5) % 13) / 8;
  float *dbA, *dbB, *dbC;
  cudaMalloc(&dbA, sizeof(float) * sa * batch);
  cudaMalloc(&dbB, sizeof(float) * sb * batch);
  cudaMalloc(&dbC, sizeof(float) * sc * batch);
  cudaMemcpy(dbA, bA.data(), sizeof(float) * sa * batch, cudaMemcpyHostToDevice);
  cudaMemcpy(dbB, bB.data(), sizeof(float) * sb * batch, cudaMemcpyHostToDevice);
  cudaMemcpy(dbC, bC.data(), sizeof(float) * sc * batch, cudaMemcpyHostToDevice);
  float one = 1.0f, two = 2.0f;
  CHECK(cublasSgemmStridedBatched(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &one, dbA, k, sa, dbB,
                                  k, sb, &two, dbC, m, sc, batch));
  std::vector<float> gbC(sc * batch);
  cudaMemcpy(gbC.data(), dbC, sizeof(float) * sc * batch, cudaMemcpyDeviceToHost);
  for (int b = 0; b < batch; b++)
    ref_gemm(true, false, m, n, k, one, &bA[b * sa], k, &bB[b * sb], k, two, &bC[b * sc], m);
  for (int i = 0; i < sc * batch; i++) expect("SgemmStridedBatched", gbC[i], bC[i], 1e-5f);

  // status codes: a negative size, a leading dimension below the rows, no handle
  if (cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, -1, n, k, &one, dA, lda, dB, ldb, &one, dC, ldc) !=
          CUBLAS_STATUS_INVALID_VALUE ||
      cublasDgemv(h, CUBLAS_OP_N, m, n, &dalpha, ddA, m - 1, dx, 1, &dbeta, dy, 1) !=
          CUBLAS_STATUS_INVALID_VALUE ||
      cublasSaxpy(nullptr, n, &one, dA, 1, dB, 1) != CUBLAS_STATUS_NOT_INITIALIZED)
    printf("status codes wrong\n"), wrong++;
  CHECK(cublasDestroy(h));
  cudaStreamDestroy(stream);
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(ddA), cudaFree(dx), cudaFree(dy);
  cudaFree(dbA), cudaFree(dbB), cudaFree(dbC);
  printf("blas: %d wrong\n", wrong);
  return wrong != 0;
}
