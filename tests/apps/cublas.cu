// cuBLAS on the CPU (OpenBLAS): cublasSgemm (column-major, both operands
// transposed or not) and cublasDgemv, cublasSaxpy, cublasSdot, cublasDnrm2,
// cublasSgemmStridedBatched, each against a host reference loop. A kernel
// prepares one operand, so library calls and launches share device memory.
#include <cmath>
#include <cstdio>
#include <cublas_v2.h>
#include <vector>

__global__ void ramp(float *p, int n, float step) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = step * (i % 17) - 4.0f;
}

static int fails;
static void check(const char *what, bool ok) {
  printf("%s: %s\n", what, ok ? "ok" : "WRONG");
  fails += !ok;
}

int main() {
  const int m = 7, n = 5, k = 6;
  std::vector<float> A(m * k), B(k * n), C(m * n, 1.0f);
  for (int i = 0; i < m * k; i++) A[i] = (float)((i * 3) % 11) - 5.0f;
  float *dA, *dB, *dC;
  cudaMalloc(&dA, A.size() * sizeof(float));
  cudaMalloc(&dB, B.size() * sizeof(float));
  cudaMalloc(&dC, C.size() * sizeof(float));
  cublasHandle_t h;
  check("cublasCreate", cublasCreate(&h) == CUBLAS_STATUS_SUCCESS);
  cublasSetMatrix(m, k, sizeof(float), A.data(), m, dA, m);
  ramp<<<1, 64>>>(dB, k * n, 0.5f);
  cudaMemcpy(B.data(), dB, B.size() * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(dC, C.data(), C.size() * sizeof(float), cudaMemcpyHostToDevice);
  float alpha = 2.0f, beta = 0.5f;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, dA, m, dB, k, &beta, dC, m);
  std::vector<float> got(m * n);
  cublasGetMatrix(m, n, sizeof(float), dC, m, got.data(), m);
  int wrong = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      float s = 0;
      for (int l = 0; l < k; l++) s += A[i + l * m] * B[l + j * k];
      wrong += std::fabs(got[i + j * m] - (alpha * s + beta * 1.0f)) > 1e-4f;
    }
  check("cublasSgemm", wrong == 0);

  // C2 (m x m) = A * A^T
  float *dC2;
  cudaMalloc(&dC2, m * m * sizeof(float));
  float one = 1.0f, zero = 0.0f;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, m, m, k, &one, dA, m, dA, m, &zero, dC2, m);
  std::vector<float> g2(m * m);
  cudaMemcpy(g2.data(), dC2, g2.size() * sizeof(float), cudaMemcpyDeviceToHost);
  wrong = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++) {
      float s = 0;
      for (int l = 0; l < k; l++) s += A[i + l * m] * A[j + l * m];
      wrong += std::fabs(g2[i + j * m] - s) > 1e-4f;
    }
  check("cublasSgemm A*A^T", wrong == 0);

  // y = 3 * M^T x + y in double
  std::vector<double> M(m * n), x(m), y(n, 2.0);
  for (int i = 0; i < m * n; i++) M[i] = 0.25 * ((i * 5) % 9) - 1.0;
  for (int i = 0; i < m; i++) x[i] = 1.0 + i;
  double *dM, *dx, *dy;
  cudaMalloc(&dM, M.size() * sizeof(double));
  cudaMalloc(&dx, m * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dM, M.data(), M.size() * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(dx, x.data(), m * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  double a3 = 3.0, b1 = 1.0;
  cublasDgemv(h, CUBLAS_OP_T, m, n, &a3, dM, m, dx, 1, &b1, dy, 1);
  std::vector<double> gy(n);
  cudaMemcpy(gy.data(), dy, n * sizeof(double), cudaMemcpyDeviceToHost);
  wrong = 0;
  for (int j = 0; j < n; j++) {
    double s = 0;
    for (int i = 0; i < m; i++) s += M[i + j * m] * x[i];
    wrong += std::fabs(gy[j] - (3.0 * s + 2.0)) > 1e-12;
  }
  check("cublasDgemv", wrong == 0);
  double nrm = 0;
  cublasDnrm2(h, m, dx, 1, &nrm);
  double rn = 0;
  for (double v : x) rn += v * v;
  check("cublasDnrm2", std::fabs(nrm - std::sqrt(rn)) < 1e-12);

  // level 1 on floats: axpy then dot
  float two = 2.0f, dot = 0;
  cublasSaxpy(h, k * n, &two, dB, 1, dB, 1); // dB = 3 * B
  cublasSdot(h, k * n, dB, 1, dB, 1, &dot);
  float rd = 0;
  for (float v : B) rd += 9.0f * v * v;
  check("cublasSaxpy + cublasSdot", std::fabs(dot - rd) < 1e-2f);

  // two batches of 2x2 products, strided
  float P[8] = {1, 2, 3, 4, 5, 6, 7, 8}, Q[8] = {1, 0, 0, 1, 2, 1, 1, 2}, R[8];
  float *dP, *dQ, *dR;
  cudaMalloc(&dP, sizeof P);
  cudaMalloc(&dQ, sizeof Q);
  cudaMalloc(&dR, sizeof R);
  cudaMemcpy(dP, P, sizeof P, cudaMemcpyHostToDevice);
  cudaMemcpy(dQ, Q, sizeof Q, cudaMemcpyHostToDevice);
  cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, dP, 2, 4, dQ, 2, 4, &zero,
                            dR, 2, 4, 2);
  cudaMemcpy(R, dR, sizeof R, cudaMemcpyDeviceToHost);
  wrong = 0;
  for (int b = 0; b < 2; b++)
    for (int i = 0; i < 2; i++)
      for (int j = 0; j < 2; j++) {
        float s = 0;
        for (int l = 0; l < 2; l++) s += P[b * 4 + i + l * 2] * Q[b * 4 + l + j * 2];
        wrong += R[b * 4 + i + j * 2] != s;
      }
  check("cublasSgemmStridedBatched", wrong == 0);
  cublasDestroy(h);
  printf("%d wrong\n", fails);
  return fails != 0;
}
