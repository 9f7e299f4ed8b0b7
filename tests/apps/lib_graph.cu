// cuFFT, cuSPARSE and cuRAND calls made on a capturing stream (the pattern:
// a solver step captured once and replayed as a graph). Each call is a
// record handed to the runtime's submit, which decides:
//   - cufftExecC2C becomes a graph node that transforms each time the
//     graph is launched: after two launches of "fill, forward FFT", the
//     signal's spectrum, against a host DFT;
//   - cusparseSpMV becomes a node whose host scalars (alpha, beta) are read
//     when the call is captured, as cuSPARSE does: changing them after the
//     capture changes nothing; y = alpha A x + beta y, applied twice by two
//     launches, against a host CSR loop;
//   - curandGenerateUniform on a capturing stream is refused
//     (CURAND_STATUS_LAUNCH_FAILURE) and the capture invalidated
//     (cudaStreamEndCapture: cudaErrorStreamCaptureInvalidated);
//   - the same calls on a stream that is not capturing run at once.
// Prints "lib_graph: N wrong" (0 when every result matches).
#include <cmath>
#include <cstdio>
#include <vector>

#include <cufft.h>
#include <curand.h>
#include <cusparse.h>

__global__ void fill(cufftComplex *x, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) x[t] = make_cuFloatComplex((float)(t % 5) - 2.0f, (float)(t % 3) * 0.5f);
}

static int wrong;

static void expect(const char *what, double got, double want) {
  if (std::fabs(got - want) > 1e-3 * (1.0 + std::fabs(want))) {
    printf("%s: %g, expected %g\n", what, got, want);
    wrong++;
  }
}

int main() {
  cudaStream_t s;
  cudaStreamCreate(&s);

  // --- cuFFT: "fill, forward" captured, launched twice
  const int n = 16;
  cufftComplex *dx;
  cudaMalloc(&dx, n * sizeof *dx);
  cufftHandle plan;
  cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  cufftSetStream(plan, s);
  cudaGraph_t g;
  cudaGraphExec_t x;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  fill<<<1, n, 0, s>>>(dx, n);
  cufftResult fr = cufftExecC2C(plan, dx, dx, CUFFT_FORWARD);
  cudaError_t fe = cudaStreamEndCapture(s, &g);
  if (fr != CUFFT_SUCCESS || fe != cudaSuccess) printf("fft capture: %d %d\n", (int)fr, (int)fe), wrong++;
  cudaGraphInstantiate(&x, g, 0);
  for (int k = 0; k < 2; k++) cudaGraphLaunch(x, s);
  std::vector<cufftComplex> spec(n);
  cudaMemcpyAsync(spec.data(), dx, n * sizeof *dx, cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  for (int k = 0; k < n; k++) {
    double re = 0, im = 0;
    for (int t = 0; t < n; t++) {
      double a = (double)(t % 5) - 2.0, b = (double)(t % 3) * 0.5, w = -2 * M_PI * k * t / n;
      re += a * std::cos(w) - b * std::sin(w);
      im += a * std::sin(w) + b * std::cos(w);
    }
    expect("fft re", spec[k].x, re);
    expect("fft im", spec[k].y, im);
  }
  cudaGraphExecDestroy(x);
  cudaGraphDestroy(g);

  // --- cuSPARSE: y = alpha A x + beta y captured with alpha 2, beta 0.5;
  // alpha and beta changed after the capture; two launches
  const int m = 6;
  std::vector<int> rowptr = {0, 2, 3, 5, 6, 8, 9}, col = {0, 3, 1, 2, 5, 4, 0, 5, 2};
  std::vector<float> val = {1, -2, 3, 0.5f, 4, -1, 2, 1.5f, -3}, hx(m), hy(m);
  for (int i = 0; i < m; i++) hx[i] = (float)i - 2.5f, hy[i] = (float)i / 4;
  int *drow, *dcol;
  float *dval, *dvx, *dvy;
  cudaMalloc(&drow, rowptr.size() * sizeof(int));
  cudaMalloc(&dcol, col.size() * sizeof(int));
  cudaMalloc(&dval, val.size() * sizeof(float));
  cudaMalloc(&dvx, m * sizeof(float));
  cudaMalloc(&dvy, m * sizeof(float));
  cudaMemcpy(drow, rowptr.data(), rowptr.size() * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dcol, col.data(), col.size() * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dval, val.data(), val.size() * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dvx, hx.data(), m * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dvy, hy.data(), m * sizeof(float), cudaMemcpyHostToDevice);
  cusparseHandle_t h;
  cusparseCreate(&h);
  cusparseSetStream(h, s);
  cusparseSpMatDescr_t A;
  cusparseDnVecDescr_t vx, vy;
  cusparseCreateCsr(&A, m, m, (int64_t)val.size(), drow, dcol, dval, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateDnVec(&vx, m, dvx, CUDA_R_32F);
  cusparseCreateDnVec(&vy, m, dvy, CUDA_R_32F);
  float alpha = 2.0f, beta = 0.5f;
  size_t bytes = 0;
  cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta, vy, CUDA_R_32F,
                          CUSPARSE_SPMV_ALG_DEFAULT, &bytes);
  void *buf;
  cudaMalloc(&buf, bytes ? bytes : 1);
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  cusparseStatus_t sr = cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta,
                                     vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, buf);
  cudaError_t se = cudaStreamEndCapture(s, &g);
  if (sr != CUSPARSE_STATUS_SUCCESS || se != cudaSuccess)
    printf("sparse capture: %d %d\n", (int)sr, (int)se), wrong++;
  alpha = 100.0f, beta = 100.0f; // read at the capture: no effect
  cudaGraphInstantiate(&x, g, 0);
  for (int k = 0; k < 2; k++) cudaGraphLaunch(x, s);
  std::vector<float> got(m);
  cudaMemcpyAsync(got.data(), dvy, m * sizeof(float), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  std::vector<double> ry(hy.begin(), hy.end());
  for (int k = 0; k < 2; k++) {
    std::vector<double> ax(m, 0.0);
    for (int r = 0; r < m; r++)
      for (int p = rowptr[r]; p < rowptr[r + 1]; p++) ax[r] += val[p] * hx[col[p]];
    for (int r = 0; r < m; r++) ry[r] = 2.0 * ax[r] + 0.5 * ry[r];
  }
  for (int r = 0; r < m; r++) expect("spmv", got[r], ry[r]);
  cudaGraphExecDestroy(x);
  cudaGraphDestroy(g);

  // --- cuRAND: refused inside a capture, the capture invalidated
  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetStream(gen, s);
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  curandStatus_t rr = curandGenerateUniform(gen, dvx, m);
  cudaGraph_t g2 = nullptr;
  cudaError_t re = cudaStreamEndCapture(s, &g2);
  printf("curand in capture: %d, end capture: %s\n", (int)rr, cudaGetErrorName(re));
  if (rr != CURAND_STATUS_LAUNCH_FAILURE || re != cudaErrorStreamCaptureInvalidated) wrong++;
  // and at once on a stream that is not capturing
  rr = curandGenerateUniform(gen, dvx, m);
  cudaMemcpy(got.data(), dvx, m * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < m; i++)
    if (!(got[i] > 0.0f && got[i] <= 1.0f)) printf("uniform %d: %g\n", i, got[i]), wrong++;
  if (rr != CURAND_STATUS_SUCCESS) wrong++;
  curandDestroyGenerator(gen);
  cusparseDestroy(h);
  cufftDestroy(plan);
  printf("lib_graph: %d wrong\n", wrong);
  return wrong != 0;
}
