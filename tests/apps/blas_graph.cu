// cuBLAS inside stream capture: a captured cublasSgemm becomes a graph node
// that makes the call (on the CPU) each time the graph is launched, in the
// order between launches like a kernel node. Mode:
//   graph      a layer captured once and launched twice: cublasSetMatrixAsync
//              uploads X (a copy node reading the host's input when the graph
//              runs), a kernel builds the weights, cublasSgemm accumulates
//              C += alpha W X, a kernel applies a ReLU into the output;
//              alpha is read when the call is captured (host pointer
//              mode), so changing it afterwards changes nothing: right
//              result, clean
//   race       a capture forked onto a second stream, where a kernel
//              rewrites X while the origin's cublasSgemm reads it, joined
//              only after both (bug pattern: a fork whose branches share an
//              operand): a race between the gemm node and the kernel node
//   dot_host   cublasSdot returning its result to host memory inside a
//              capture: refused (CUBLAS_STATUS_NOT_SUPPORTED), the capture
//              invalidated
#include <cstdio>
#include <cstring>
#include <vector>

#include <cublas_v2.h>

// W(i, j) = ((i + 3 j) % 7 - 3) / 4, column-major, leading dimension rows
__global__ void make_weights(float *W, int rows, int cols) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= rows * cols) return;
  int i = t % rows, j = t / rows;
  W[t] = (float)((i + 3 * j) % 7 - 3) * 0.25f;
}

__global__ void relu(const float *in, float *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) out[t] = in[t] > 0.0f ? in[t] : 0.0f;
}

__global__ void fill(float *x, int n, float v) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) x[t] = v;
}

static float weight(int i, int j) { return (float)((i + 3 * j) % 7 - 3) * 0.25f; }

static int layer() {
  const int m = 32, k = 16, n = 8, block = 64, launches = 2;
  std::vector<float> hX(k * n, 0.0f), hY(m * n);
  float *W, *X, *C, *Y;
  cudaMalloc(&W, m * k * sizeof(float));
  cudaMalloc(&X, k * n * sizeof(float));
  cudaMalloc(&C, m * n * sizeof(float));
  cudaMalloc(&Y, m * n * sizeof(float));
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaMemsetAsync(C, 0, m * n * sizeof(float), s);
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, s);
  float alpha = 1.0f, beta = 1.0f;
  cudaGraph_t g;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  cublasStatus_t up = cublasSetMatrixAsync(k, n, sizeof(float), hX.data(), k, X, k, s);
  make_weights<<<(m * k + block - 1) / block, block, 0, s>>>(W, m, k);
  cublasStatus_t st = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, W, m, X, k,
                                  &beta, C, m);
  relu<<<(m * n + block - 1) / block, block, 0, s>>>(C, Y, m * n);
  cudaError_t ce = cudaStreamEndCapture(s, &g);
  alpha = 100.0f; // the graph keeps the value it captured
  // the input is filled after the capture: the upload node reads it at each launch
  for (int i = 0; i < k * n; i++) hX[i] = (float)(i % 5) - 1.0f;
  cudaGraphExec_t x;
  cudaGraphInstantiate(&x, g, 0);
  for (int l = 0; l < launches; l++) cudaGraphLaunch(x, s);
  cudaStreamSynchronize(s);
  cudaMemcpy(hY.data(), Y, hY.size() * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = up != CUBLAS_STATUS_SUCCESS || st != CUBLAS_STATUS_SUCCESS || ce != cudaSuccess;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float c = 0.0f;
      for (int l = 0; l < k; l++) c += weight(i, l) * hX[j * k + l];
      c *= launches; // C accumulates once per launch (beta = 1)
      wrong += hY[j * m + i] != (c > 0.0f ? c : 0.0f);
    }
  cudaGraphExecDestroy(x), cudaGraphDestroy(g);
  cublasDestroy(h);
  cudaStreamDestroy(s);
  cudaFree(W), cudaFree(X), cudaFree(C), cudaFree(Y);
  printf("graph: %d wrong\n", wrong);
  return wrong != 0;
}

static int forked() {
  const int m = 16, k = 8, n = 4, block = 32;
  float *W, *X, *C;
  cudaMalloc(&W, m * k * sizeof(float));
  cudaMalloc(&X, k * n * sizeof(float));
  cudaMalloc(&C, m * n * sizeof(float));
  cudaStream_t s, side;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking);
  cudaEvent_t forkev, joinev;
  cudaEventCreateWithFlags(&forkev, cudaEventDisableTiming);
  cudaEventCreateWithFlags(&joinev, cudaEventDisableTiming);
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, s);
  const float one = 1.0f, zero = 0.0f;
  make_weights<<<(m * k + block - 1) / block, block, 0, s>>>(W, m, k);
  fill<<<(k * n + block - 1) / block, block, 0, s>>>(X, k * n, 1.0f);
  cudaStreamSynchronize(s);
  cudaGraph_t g;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  cudaEventRecord(forkev, s);
  cudaStreamWaitEvent(side, forkev, 0);
  fill<<<(k * n + block - 1) / block, block, 0, side>>>(X, k * n, 1.0f);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, W, m, X, k, &zero, C, m);
  cudaEventRecord(joinev, side);
  cudaStreamWaitEvent(s, joinev, 0);
  cudaStreamEndCapture(s, &g);
  cudaGraphExec_t x;
  cudaGraphInstantiate(&x, g, 0);
  cudaGraphLaunch(x, s);
  cudaStreamSynchronize(s);
  std::vector<float> hC(m * n);
  cudaMemcpy(hC.data(), C, hC.size() * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < m; i++) {
    float c = 0.0f;
    for (int l = 0; l < k; l++) c += weight(i, l);
    for (int j = 0; j < n; j++) wrong += hC[j * m + i] != c;
  }
  cudaGraphExecDestroy(x), cudaGraphDestroy(g);
  cublasDestroy(h);
  cudaStreamDestroy(s), cudaStreamDestroy(side);
  cudaFree(W), cudaFree(X), cudaFree(C);
  printf("race: %d wrong\n", wrong);
  return wrong != 0;
}

static int dot_to_host() {
  const int n = 64;
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, s);
  float r = -1.0f;
  cudaGraph_t g = nullptr;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  cublasStatus_t st = cublasSdot(h, n, x, 1, x, 1, &r);
  cudaError_t ce = cudaStreamEndCapture(s, &g);
  printf("dot: %s\n", cublasGetStatusName(st));
  printf("end: %s, graph %s\n", cudaGetErrorName(ce), g ? "made" : "none");
  int wrong = st != CUBLAS_STATUS_NOT_SUPPORTED || ce != cudaErrorStreamCaptureInvalidated || g;
  cublasDestroy(h);
  cudaStreamDestroy(s);
  cudaFree(x);
  printf("dot_host: %d wrong\n", wrong);
  return wrong != 0;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "graph";
  if (!strcmp(mode, "graph")) return layer();
  if (!strcmp(mode, "race")) return forked();
  if (!strcmp(mode, "dot_host")) return dot_to_host();
  printf("unknown mode %s\n", mode);
  return 2;
}
