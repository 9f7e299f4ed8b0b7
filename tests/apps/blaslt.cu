// A dense layer through cuBLASLt, the way training code sets one up: a
// handle, a matmul descriptor with transposes and an epilogue (bias, ReLU,
// GELU with its input saved for the backward pass, the bias gradient of
// the backward pass), layouts, a preference and one heuristic algorithm;
// fp32, fp16 and bf16 data with 32F and 16F compute, strided batches and
// row-major layouts. Each result is checked against a host loop.
// Pattern: none (clean).
#include <cublasLt.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(call)                                                          \
  do {                                                                       \
    cublasStatus_t s_ = (call);                                              \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                       \
      printf("%s: %s\n", #call, cublasLtGetStatusName(s_));                  \
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

static double gelu(double x) {
  return 0.5 * x * (1 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)));
}

// inputs scaled by a kernel on the stream before the matmul reads them
__global__ void scale(float *x, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

static cublasLtHandle_t lt;
static cudaStream_t stream;
static void *workspace;
static const size_t workspace_bytes = 1 << 20;

// One matmul D = epilogue(alpha op(A) op(B) + beta C) with the heuristic's
// algorithm, as training code wraps it.
static cublasStatus_t matmul(cublasLtMatmulDesc_t desc, const void *alpha, const void *A,
                             cublasLtMatrixLayout_t la, const void *B, cublasLtMatrixLayout_t lb,
                             const void *beta, const void *C, cublasLtMatrixLayout_t lc, void *D,
                             cublasLtMatrixLayout_t ld) {
  cublasLtMatmulPreference_t pref;
  cublasLtMatmulPreferenceCreate(&pref);
  cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                       &workspace_bytes, sizeof workspace_bytes);
  cublasLtMatmulHeuristicResult_t heur;
  int n = 0;
  cublasStatus_t s =
      cublasLtMatmulAlgoGetHeuristic(lt, desc, la, lb, lc, ld, pref, 1, &heur, &n);
  cublasLtMatmulPreferenceDestroy(pref);
  if (s != CUBLAS_STATUS_SUCCESS) return s;
  if (n != 1 || heur.state != CUBLAS_STATUS_SUCCESS) return CUBLAS_STATUS_INTERNAL_ERROR;
  return cublasLtMatmul(lt, desc, alpha, A, la, B, lb, beta, C, lc, D, ld, &heur.algo, workspace,
                        workspace_bytes, stream);
}

// The fp32 dense layer: Y (out x batch) = epi(W^T X + b), W stored in x out
// (transposed), each epilogue in turn.
static int dense_fp32() {
  const int in = 24, out = 17, batch = 5;
  std::vector<float> W(in * out), X(in * batch), b(out);
  for (int i = 0; i < in * out; i++) W[i] = ((i * 7) % 13 - 6) / 16.0f;
  for (int i = 0; i < in * batch; i++) X[i] = ((i * 5) % 11 - 5) / 8.0f;
  for (int i = 0; i < out; i++) b[i] = (i % 5 - 2) / 4.0f;
  float *dW, *dX, *db, *dY, *daux, *dgrad;
  cudaMalloc(&dW, W.size() * 4), cudaMalloc(&dX, X.size() * 4), cudaMalloc(&db, out * 4);
  cudaMalloc(&dY, out * batch * 4), cudaMalloc(&daux, out * batch * 4);
  cudaMalloc(&dgrad, batch * 4);
  std::vector<float> X2(X);
  for (float &x : X2) x /= 2;
  cudaMemcpy(dW, W.data(), W.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dX, X2.data(), X.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), out * 4, cudaMemcpyHostToDevice);
  scale<<<1, 128, 0, stream>>>(dX, in * batch, 2.0f); // X2 * 2 = X

  cublasLtMatmulDesc_t desc;
  CHECK(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasOperation_t opT = CUBLAS_OP_T, opN = CUBLAS_OP_N;
  CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof opT));
  CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &opN, sizeof opN));
  CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &db, sizeof db));
  CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &daux,
                                       sizeof daux));
  int64_t aux_ld = out;
  CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &aux_ld,
                                       sizeof aux_ld));
  cublasLtMatrixLayout_t lw, lx, ly;
  CHECK(cublasLtMatrixLayoutCreate(&lw, CUDA_R_32F, in, out, in));
  CHECK(cublasLtMatrixLayoutCreate(&lx, CUDA_R_32F, in, batch, in));
  CHECK(cublasLtMatrixLayoutCreate(&ly, CUDA_R_32F, out, batch, out));
  const float one = 1, zero = 0;
  const cublasLtEpilogue_t epis[] = {
      CUBLASLT_EPILOGUE_DEFAULT,   CUBLASLT_EPILOGUE_RELU,      CUBLASLT_EPILOGUE_GELU,
      CUBLASLT_EPILOGUE_BIAS,      CUBLASLT_EPILOGUE_RELU_BIAS, CUBLASLT_EPILOGUE_GELU_BIAS,
      CUBLASLT_EPILOGUE_GELU_AUX,  CUBLASLT_EPILOGUE_GELU_AUX_BIAS};
  for (cublasLtEpilogue_t e : epis) {
    CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &e, sizeof e));
    cudaMemset(daux, 0, out * batch * 4);
    CHECK(matmul(desc, &one, dW, lw, dX, lx, &zero, dY, ly, dY, ly));
    std::vector<float> Y(out * batch), aux(out * batch);
    cudaMemcpy(Y.data(), dY, Y.size() * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(aux.data(), daux, aux.size() * 4, cudaMemcpyDeviceToHost);
    bool bias = e & CUBLASLT_EPILOGUE_BIAS, relu = e & CUBLASLT_EPILOGUE_RELU;
    bool g = e & CUBLASLT_EPILOGUE_GELU, keep = e == CUBLASLT_EPILOGUE_GELU_AUX ||
                                                e == CUBLASLT_EPILOGUE_GELU_AUX_BIAS;
    char what[32];
    snprintf(what, sizeof what, "fp32 epilogue %d", (int)e);
    for (int j = 0; j < batch; j++)
      for (int o = 0; o < out; o++) {
        double s = bias ? b[o] : 0;
        for (int i = 0; i < in; i++) s += (double)W[i + o * in] * X[i + j * in];
        expect(what, o + j * out, aux[o + j * out], keep ? s : 0, 1e-6);
        if (relu) s = s > 0 ? s : 0;
        if (g) s = gelu(s);
        expect(what, o + j * out, Y[o + j * out], s, 1e-5);
      }
  }
  // backward: dW-style product with the bias gradient of B's columns
  // (BGRADB: grad[j] = sum over k of op(B)[k][j]); D = X^T Y (batch x out)
  cublasLtEpilogue_t e = CUBLASLT_EPILOGUE_BGRADB;
  CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &e, sizeof e));
  CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &dgrad,
                                       sizeof dgrad));
  cublasLtMatrixLayout_t lg;
  CHECK(cublasLtMatrixLayoutCreate(&lg, CUDA_R_32F, batch, batch, batch));
  float *dG;
  cudaMalloc(&dG, batch * batch * 4);
  // G (batch x batch) = X^T X, bias gradient = column sums of X
  CHECK(matmul(desc, &one, dX, lx, dX, lx, &zero, dG, lg, dG, lg));
  std::vector<float> G(batch * batch), grad(batch);
  cudaMemcpy(G.data(), dG, G.size() * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(grad.data(), dgrad, batch * 4, cudaMemcpyDeviceToHost);
  for (int j = 0; j < batch; j++) {
    double cs = 0;
    for (int i = 0; i < in; i++) cs += X[i + j * in];
    expect("bgradb", j, grad[j], cs, 1e-6);
    for (int r = 0; r < batch; r++) {
      double s = 0;
      for (int i = 0; i < in; i++) s += (double)X[i + r * in] * X[i + j * in];
      expect("bgradb D", r + j * batch, G[r + j * batch], s, 1e-6);
    }
  }
  // attributes read back
  cublasLtEpilogue_t got;
  size_t written = 0;
  CHECK(cublasLtMatmulDescGetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &got, sizeof got,
                                       &written));
  if (got != CUBLASLT_EPILOGUE_BGRADB || written != sizeof got)
    printf("epilogue read back: %d (%zu bytes)\n", (int)got, written), wrong++;
  size_t need = 0;
  CHECK(cublasLtMatmulDescGetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, nullptr, 0,
                                       &need));
  if (need != sizeof(void *)) printf("bias pointer size: %zu\n", need), wrong++;
  int32_t bad = 1; // the leading dimension is an int64_t
  if (cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &bad,
                                     sizeof bad) != CUBLAS_STATUS_INVALID_VALUE)
    printf("a 4-byte aux ld: not CUBLAS_STATUS_INVALID_VALUE\n"), wrong++;
  cublasLtMatmulDescDestroy(desc);
  cublasLtMatrixLayoutDestroy(lw), cublasLtMatrixLayoutDestroy(lx);
  cublasLtMatrixLayoutDestroy(ly), cublasLtMatrixLayoutDestroy(lg);
  cudaFree(dW), cudaFree(dX), cudaFree(db), cudaFree(dY), cudaFree(daux), cudaFree(dgrad);
  cudaFree(dG);
  return 0;
}

// fp16 and bf16 data: widened, 32F compute (fp32 scalars) or 16F compute
// (half scalars), rounded back; strided batches of row-major matrices.
template <typename T> static T to(float f);
template <> __half to<__half>(float f) { return __float2half(f); }
template <> __nv_bfloat16 to<__nv_bfloat16>(float f) { return __float2bfloat16(f); }
static float from(__half h) { return __half2float(h); }
static float from(__nv_bfloat16 h) { return __bfloat162float(h); }

template <typename T>
static int low_precision(const char *what, cudaDataType type, cublasComputeType_t compute,
                         double tol) {
  const int m = 6, n = 5, k = 9, nb = 3;
  const int64_t sa = m * k + 2, sb = k * n + 1, sd = m * n + 3;
  std::vector<T> A(sa * nb), B(sb * nb), C(sd * nb), D(sd * nb);
  for (size_t i = 0; i < A.size(); i++) A[i] = to<T>(((int)(i * 3) % 7 - 3) / 4.0f);
  for (size_t i = 0; i < B.size(); i++) B[i] = to<T>(((int)(i * 5) % 9 - 4) / 8.0f);
  for (size_t i = 0; i < C.size(); i++) C[i] = to<T>(((int)i % 5 - 2) / 2.0f);
  T *dA, *dB, *dC, *dD;
  cudaMalloc(&dA, A.size() * sizeof(T)), cudaMalloc(&dB, B.size() * sizeof(T));
  cudaMalloc(&dC, C.size() * sizeof(T)), cudaMalloc(&dD, D.size() * sizeof(T));
  cudaMemcpy(dA, A.data(), A.size() * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B.data(), B.size() * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(dC, C.data(), C.size() * sizeof(T), cudaMemcpyHostToDevice);
  bool half_scale = compute == CUBLAS_COMPUTE_16F;
  cublasLtMatmulDesc_t desc;
  CHECK(cublasLtMatmulDescCreate(&desc, compute, half_scale ? CUDA_R_16F : CUDA_R_32F));
  cublasLtEpilogue_t e = half_scale ? CUBLASLT_EPILOGUE_GELU : CUBLASLT_EPILOGUE_DEFAULT;
  CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &e, sizeof e));
  cublasLtMatrixLayout_t l[3];
  const int rows[3] = {m, k, m}, cols[3] = {k, n, n};
  const int64_t strides[3] = {sa, sb, sd};
  cublasLtOrder_t row = CUBLASLT_ORDER_ROW;
  for (int i = 0; i < 3; i++) {
    CHECK(cublasLtMatrixLayoutCreate(&l[i], type, rows[i], cols[i], cols[i]));
    CHECK(cublasLtMatrixLayoutSetAttribute(l[i], CUBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof row));
    int32_t count = nb;
    CHECK(cublasLtMatrixLayoutSetAttribute(l[i], CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count,
                                           sizeof count));
    CHECK(cublasLtMatrixLayoutSetAttribute(l[i], CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
                                           &strides[i], sizeof strides[i]));
  }
  float alpha = 1.5f, beta = 0.5f;
  __half halpha = __float2half(alpha), hbeta = __float2half(beta);
  const void *pa = half_scale ? (const void *)&halpha : &alpha;
  const void *pb = half_scale ? (const void *)&hbeta : &beta;
  CHECK(matmul(desc, pa, dA, l[0], dB, l[1], pb, dC, l[2], dD, l[2]));
  cudaMemcpy(D.data(), dD, D.size() * sizeof(T), cudaMemcpyDeviceToHost);
  for (int q = 0; q < nb; q++)
    for (int i = 0; i < m; i++)
      for (int j = 0; j < n; j++) {
        double s = 0;
        for (int p = 0; p < k; p++)
          s += (double)from(A[q * sa + i * k + p]) * from(B[q * sb + p * n + j]);
        s = alpha * s + beta * from(C[q * sd + i * n + j]);
        if (half_scale) s = gelu(s);
        expect(what, (int)(q * sd + i * n + j), from(D[q * sd + i * n + j]), s, tol);
      }
  for (int i = 0; i < 3; i++) cublasLtMatrixLayoutDestroy(l[i]);
  cublasLtMatmulDescDestroy(desc);
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dD);
  return 0;
}

// A matmul captured into a graph and launched twice: D += A B each time,
// with alpha as it was when captured and the descriptor destroyed before
// the launches (the node keeps what it needs).
static int captured() {
  const int m = 4, n = 3, k = 5;
  std::vector<float> A(m * k), B(k * n), D(m * n);
  for (int i = 0; i < m * k; i++) A[i] = (i % 7 - 3) / 2.0f;
  for (int i = 0; i < k * n; i++) B[i] = (i % 5 - 2) / 4.0f;
  float *dA, *dB, *dD;
  cudaMalloc(&dA, A.size() * 4), cudaMalloc(&dB, B.size() * 4), cudaMalloc(&dD, D.size() * 4);
  cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B.data(), B.size() * 4, cudaMemcpyHostToDevice);
  cudaMemset(dD, 0, D.size() * 4);
  cudaStreamSynchronize(stream);
  cublasLtMatmulDesc_t desc;
  CHECK(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasLtMatrixLayout_t la, lb, ld;
  CHECK(cublasLtMatrixLayoutCreate(&la, CUDA_R_32F, m, k, m));
  CHECK(cublasLtMatrixLayoutCreate(&lb, CUDA_R_32F, k, n, k));
  CHECK(cublasLtMatrixLayoutCreate(&ld, CUDA_R_32F, m, n, m));
  float alpha = 1, beta = 1;
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
  CHECK(cublasLtMatmul(lt, desc, &alpha, dA, la, dB, lb, &beta, dD, ld, dD, ld, nullptr, nullptr,
                       0, stream));
  cudaStreamEndCapture(stream, &graph);
  alpha = 100;
  cublasLtMatmulDescDestroy(desc);
  cudaGraphInstantiate(&exec, graph, 0);
  cudaGraphLaunch(exec, stream);
  cudaGraphLaunch(exec, stream);
  cudaStreamSynchronize(stream);
  cudaMemcpy(D.data(), dD, D.size() * 4, cudaMemcpyDeviceToHost);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double s = 0;
      for (int p = 0; p < k; p++) s += (double)A[i + p * m] * B[p + j * k];
      expect("captured", i + j * m, D[i + j * m], 2 * s, 1e-6);
    }
  cudaGraphExecDestroy(exec), cudaGraphDestroy(graph);
  cublasLtMatrixLayoutDestroy(la), cublasLtMatrixLayoutDestroy(lb);
  cublasLtMatrixLayoutDestroy(ld);
  cudaFree(dA), cudaFree(dB), cudaFree(dD);
  return 0;
}

// What simulee does not compute: a status and one line naming it.
static int unsupported() {
  cublasLtMatmulDesc_t desc;
  CHECK(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasLtEpilogue_t e = CUBLASLT_EPILOGUE_DGELU;
  CHECK(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &e, sizeof e));
  cublasLtMatrixLayout_t l;
  CHECK(cublasLtMatrixLayoutCreate(&l, CUDA_R_32F, 4, 4, 4));
  float *d, one = 1;
  cudaMalloc(&d, 64);
  printf("dgelu: %s\n", cublasLtGetStatusName(cublasLtMatmul(lt, desc, &one, d, l, d, l, &one,
                                                             d, l, d, l, nullptr, nullptr, 0,
                                                             stream)));
  cublasLtMatrixLayoutDestroy(l);
  cublasLtMatmulDescDestroy(desc);
  cudaFree(d);
  return 0;
}

int main() {
  CHECK(cublasLtCreate(&lt));
  cudaStreamCreate(&stream);
  cudaMalloc(&workspace, workspace_bytes);
  if (dense_fp32()) return 1;
  if (low_precision<__half>("fp16, 32F compute", CUDA_R_16F, CUBLAS_COMPUTE_32F, 2e-3)) return 1;
  if (low_precision<__half>("fp16, 16F compute", CUDA_R_16F, CUBLAS_COMPUTE_16F, 4e-3)) return 1;
  if (low_precision<__nv_bfloat16>("bf16, 32F compute", CUDA_R_16BF, CUBLAS_COMPUTE_32F, 1e-2))
    return 1;
  if (captured()) return 1;
  if (unsupported()) return 1;
  cudaStreamSynchronize(stream);
  cudaFree(workspace);
  CHECK(cublasLtDestroy(lt));
  printf("blaslt: %d wrong\n", wrong);
  return wrong != 0;
}
