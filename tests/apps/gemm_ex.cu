// Mixed-precision GEMMs the way inference code calls cuBLAS: cublasGemmEx
// on fp16 weights with fp32 accumulation (fp16 and fp32 outputs), bf16,
// int8 into int32, strided and pointer-array batches, cublasHgemm and its
// strided batches, cublasSgeam transposing a matrix and Dgeam in place, and
// the 64-bit entry points; each checked against a host loop.
// Pattern: none (clean).
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cmath>
#include <cstdint>
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

static int wrong = 0;
static void expect(const char *what, int i, double got, double want, double tol) {
  if (!(std::fabs(got - want) <= tol * (1 + std::fabs(want)))) {
    if (wrong < 10) printf("%s[%d]: got %.9g, want %.9g\n", what, i, got, want);
    wrong++;
  }
}

static float val(__half h) { return __half2float(h); }
static float val(__nv_bfloat16 h) { return __bfloat162float(h); }
static float val(float f) { return f; }
static float val(int8_t i) { return i; }
static float val(int32_t i) { return (float)i; }
template <typename T> static T make(float f);
template <> __half make<__half>(float f) { return __float2half(f); }
template <> __nv_bfloat16 make<__nv_bfloat16>(float f) { return __float2bfloat16(f); }
template <> float make<float>(float f) { return f; }
template <> int8_t make<int8_t>(float f) { return (int8_t)f; }
template <> int32_t make<int32_t>(float f) { return (int32_t)f; }

template <typename T> static T *upload(const std::vector<T> &h) {
  T *d;
  cudaMalloc(&d, h.size() * sizeof(T));
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <typename T> static std::vector<T> download(const T *d, size_t n) {
  std::vector<T> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return h;
}

static cublasHandle_t h;
static const int m = 7, n = 5, k = 6, lda = 8, ldb = 6, ldc = 9;

// A (m x k, lda, transposed when ta: k x m) and B (k x n, ldb) column-major
template <typename TA, typename TC>
static int gemm_ex(const char *what, cudaDataType at, cudaDataType ct, cublasComputeType_t comp,
                   bool ta, double tol) {
  std::vector<TA> A(lda * (ta ? m : k)), B(ldb * n);
  std::vector<TC> C(ldc * n);
  for (size_t i = 0; i < A.size(); i++) A[i] = make<TA>((float)((int)(i * 3) % 7 - 3));
  for (size_t i = 0; i < B.size(); i++) B[i] = make<TA>((float)((int)(i * 5) % 9 - 4));
  for (size_t i = 0; i < C.size(); i++) C[i] = make<TC>((float)((int)i % 5 - 2));
  TA *dA = upload(A), *dB = upload(B);
  TC *dC = upload(C);
  float fa = 0.5f, fb = 2.0f;
  int32_t ia = 1, ib = 2;
  __half ha = __float2half(fa), hb = __float2half(fb);
  const void *alpha = comp == CUBLAS_COMPUTE_32I ? (const void *)&ia
                      : comp == CUBLAS_COMPUTE_16F ? (const void *)&ha : &fa;
  const void *beta = comp == CUBLAS_COMPUTE_32I ? (const void *)&ib
                     : comp == CUBLAS_COMPUTE_16F ? (const void *)&hb : &fb;
  double al = comp == CUBLAS_COMPUTE_32I ? ia : fa, be = comp == CUBLAS_COMPUTE_32I ? ib : fb;
  CHECK(cublasGemmEx(h, ta ? CUBLAS_OP_T : CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, alpha, dA, at,
                     ta ? lda : lda, dB, at, ldb, beta, dC, ct, ldc, comp,
                     CUBLAS_GEMM_DEFAULT_TENSOR_OP));
  std::vector<TC> D = download(dC, C.size());
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double s = 0;
      for (int p = 0; p < k; p++)
        s += (double)val(ta ? A[p + i * lda] : A[i + p * lda]) * val(B[p + j * ldb]);
      expect(what, i + j * ldc, val(D[i + j * ldc]), al * s + be * val(C[i + j * ldc]), tol);
    }
  cudaFree(dA), cudaFree(dB), cudaFree(dC);
  return 0;
}

// strided (bf16 into fp32) and pointer-array (fp32) batches, Hgemm and its
// strided batches
static int batches() {
  const int nb = 3, sa = lda * k + 4, sb = ldb * n, sc = ldc * n + 1;
  std::vector<__nv_bfloat16> A(sa * nb), B(sb * nb);
  std::vector<float> C(sc * nb, 1.0f);
  for (size_t i = 0; i < A.size(); i++) A[i] = __float2bfloat16(((int)(i * 3) % 7 - 3) / 4.0f);
  for (size_t i = 0; i < B.size(); i++) B[i] = __float2bfloat16(((int)(i * 5) % 9 - 4) / 8.0f);
  __nv_bfloat16 *dA = upload(A), *dB = upload(B);
  float *dC = upload(C), one = 1, zero = 0;
  CHECK(cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, dA, CUDA_R_16BF,
                                   lda, sa, dB, CUDA_R_16BF, ldb, sb, &zero, dC, CUDA_R_32F, ldc,
                                   sc, nb, CUBLAS_COMPUTE_32F_FAST_16BF, CUBLAS_GEMM_DEFAULT));
  std::vector<float> D = download(dC, C.size());
  for (int q = 0; q < nb; q++)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        double s = 0;
        for (int p = 0; p < k; p++)
          s += (double)val(A[q * sa + i + p * lda]) * val(B[q * sb + p + j * ldb]);
        expect("GemmStridedBatchedEx bf16", q * sc + i + j * ldc, D[q * sc + i + j * ldc], s,
               1e-6);
      }
  // pointer arrays: batch q of fp32 matrices in one allocation each
  std::vector<float> F(lda * k * nb), G(ldb * n * nb), H(ldc * n * nb, 0.0f);
  for (size_t i = 0; i < F.size(); i++) F[i] = (float)((int)(i * 7) % 11 - 5);
  for (size_t i = 0; i < G.size(); i++) G[i] = (float)((int)(i * 3) % 5 - 2);
  float *dF = upload(F), *dG = upload(G), *dH = upload(H);
  std::vector<const void *> pa(nb), pb(nb);
  std::vector<void *> pc(nb);
  for (int q = 0; q < nb; q++)
    pa[q] = dF + q * lda * k, pb[q] = dG + q * ldb * n, pc[q] = dH + q * ldc * n;
  const void **dpa, **dpb;
  void **dpc;
  cudaMalloc(&dpa, nb * sizeof(void *)), cudaMalloc(&dpb, nb * sizeof(void *));
  cudaMalloc(&dpc, nb * sizeof(void *));
  cudaMemcpy(dpa, pa.data(), nb * sizeof(void *), cudaMemcpyHostToDevice);
  cudaMemcpy(dpb, pb.data(), nb * sizeof(void *), cudaMemcpyHostToDevice);
  cudaMemcpy(dpc, pc.data(), nb * sizeof(void *), cudaMemcpyHostToDevice);
  CHECK(cublasGemmBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, dpa, CUDA_R_32F, lda,
                            dpb, CUDA_R_32F, ldb, &zero, dpc, CUDA_R_32F, ldc, nb,
                            CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  std::vector<float> R = download(dH, H.size());
  for (int q = 0; q < nb; q++)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        double s = 0;
        for (int p = 0; p < k; p++)
          s += (double)F[q * lda * k + i + p * lda] * G[q * ldb * n + p + j * ldb];
        expect("GemmBatchedEx", q * ldc * n + i + j * ldc, R[q * ldc * n + i + j * ldc], s,
               1e-6);
      }
  // Hgemm (C = A^T B) and HgemmStridedBatched (two batches of the same)
  std::vector<__half> HA(ldb * m * 2), HB(ldb * n * 2), HC(ldc * n * 2, __float2half(0.0f));
  for (size_t i = 0; i < HA.size(); i++) HA[i] = __float2half(((int)(i * 3) % 7 - 3) / 2.0f);
  for (size_t i = 0; i < HB.size(); i++) HB[i] = __float2half(((int)i % 5 - 2) / 2.0f);
  __half *dHA = upload(HA), *dHB = upload(HB), *dHC = upload(HC);
  __half hone = __float2half(1.0f), hzero = __float2half(0.0f);
  CHECK(cublasHgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &hone, dHA, ldb, dHB, ldb, &hzero, dHC,
                    ldc));
  std::vector<__half> R1 = download(dHC, HC.size());
  CHECK(cublasHgemmStridedBatched(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &hone, dHA, ldb,
                                  ldb * m, dHB, ldb, ldb * n, &hzero, dHC, ldc, ldc * n, 2));
  std::vector<__half> R2 = download(dHC, HC.size());
  for (int q = 0; q < 2; q++)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        double s = 0;
        for (int p = 0; p < k; p++)
          s += (double)val(HA[q * ldb * m + p + i * ldb]) * val(HB[q * ldb * n + p + j * ldb]);
        if (q == 0) expect("Hgemm", i + j * ldc, val(R1[i + j * ldc]), s, 2e-3);
        expect("HgemmStridedBatched", q * ldc * n + i + j * ldc,
               val(R2[q * ldc * n + i + j * ldc]), s, 2e-3);
      }
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dF), cudaFree(dG), cudaFree(dH);
  cudaFree(dpa), cudaFree(dpb), cudaFree(dpc), cudaFree(dHA), cudaFree(dHB), cudaFree(dHC);
  return 0;
}

// geam: the out-of-place transpose idiom (alpha 1, beta 0, B unused) and
// an in-place Dgeam C = 2 C - B; the 64-bit entry points
static int geam_and_64() {
  std::vector<float> A(m * n);
  for (int i = 0; i < m * n; i++) A[i] = (float)i;
  float *dA = upload(A), *dT, one = 1, zero = 0;
  cudaMalloc(&dT, n * m * sizeof(float));
  CHECK(cublasSgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, n, m, &one, dA, m, &zero, nullptr, n, dT, n));
  std::vector<float> T = download(dT, n * m);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) expect("Sgeam transpose", j + i * n, T[j + i * n], A[i + j * m], 0);
  std::vector<double> C(ldc * n), B(ldc * n);
  for (size_t i = 0; i < C.size(); i++) C[i] = (double)i / 4, B[i] = (double)(i % 3);
  double *dC = upload(C), *dB = upload(B), two = 2, minus = -1;
  CHECK(cublasDgeam(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, &two, dC, ldc, &minus, dB, ldc, dC, ldc));
  std::vector<double> R = download(dC, C.size());
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      expect("Dgeam in place", i + j * ldc, R[i + j * ldc], 2 * C[i + j * ldc] - B[i + j * ldc], 0);
  // 64-bit: Sgemm_64 C = A A^T (m x m) and Isamax_64 into an int64_t
  float *dS;
  cudaMalloc(&dS, m * m * sizeof(float));
  CHECK(cublasSgemm_64(h, CUBLAS_OP_N, CUBLAS_OP_T, (int64_t)m, (int64_t)m, (int64_t)n, &one, dA,
                       (int64_t)m, dA, (int64_t)m, &zero, dS, (int64_t)m));
  std::vector<float> S = download(dS, m * m);
  for (int j = 0; j < m; j++)
    for (int i = 0; i < m; i++) {
      double s = 0;
      for (int p = 0; p < n; p++) s += (double)A[i + p * m] * A[j + p * m];
      expect("Sgemm_64", i + j * m, S[i + j * m], s, 1e-6);
    }
  int64_t where = 0;
  std::vector<float> x = {1, -3, 7, -9, 2};
  float *dx = upload(x);
  CHECK(cublasIsamax_64(h, (int64_t)x.size(), dx, 1, &where));
  expect("Isamax_64", 0, (double)where, 4, 0);
  cudaFree(dA), cudaFree(dT), cudaFree(dC), cudaFree(dB), cudaFree(dS), cudaFree(dx);
  return 0;
}

int main() {
  CHECK(cublasCreate(&h));
  if (gemm_ex<__half, __half>("GemmEx fp16", CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F, false,
                              2e-3) ||
      gemm_ex<__half, float>("GemmEx fp16 to fp32", CUDA_R_16F, CUDA_R_32F, CUBLAS_COMPUTE_32F,
                             true, 1e-6) ||
      gemm_ex<__half, __half>("GemmEx fp16 16F", CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_16F, false,
                              2e-3) ||
      gemm_ex<__nv_bfloat16, __nv_bfloat16>("GemmEx bf16", CUDA_R_16BF, CUDA_R_16BF,
                                            CUBLAS_COMPUTE_32F, true, 1e-2) ||
      gemm_ex<int8_t, int32_t>("GemmEx int8", CUDA_R_8I, CUDA_R_32I, CUBLAS_COMPUTE_32I, true,
                               0) ||
      gemm_ex<float, float>("GemmEx fp32", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32,
                            false, 1e-6) ||
      batches() || geam_and_64())
    return 1;
  // complex data: not computed, named once
  cuComplex c1 = make_cuComplex(1, 0), *dz;
  cudaMalloc(&dz, 64 * sizeof *dz);
  cublasStatus_t st = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &c1, dz, CUDA_C_32F, 2,
                                   dz, CUDA_C_32F, 2, &c1, dz, CUDA_C_32F, 2, CUBLAS_COMPUTE_32F,
                                   CUBLAS_GEMM_DEFAULT);
  printf("complex GemmEx: %s\n", cublasGetStatusName(st));
  cudaFree(dz);
  CHECK(cublasDestroy(h));
  printf("gemm_ex: %d wrong\n", wrong);
  return wrong != 0;
}
