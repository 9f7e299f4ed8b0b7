// Stream-ordered allocation inside a stream capture: cudaMallocAsync and
// cudaFreeAsync on a capturing stream become the graph's memory allocation
// and free nodes. Mode (argv[1]):
//   pipeline  a captured filter step (cudaMallocAsync of a scratch buffer and,
//             from the default pool, of the output, a copy in, a kernel, a
//             copy out, both freed with cudaFreeAsync), the graph launched 4
//             times on new input: right, clean, every allocation freed again
//   stale     the same graph, then a kernel on the stream reads the scratch
//             buffer the graph freed (bug pattern: keeping a pointer a
//             captured free released): a use after free
//   before    a buffer allocated (and filled) before the capture, freed by a
//             captured cudaFreeAsync: CUDA's free nodes free graph
//             allocations only, so the call fails with cudaErrorInvalidValue
//             and invalidates the capture (bug pattern: releasing a
//             long-lived buffer inside a captured step); the program then
//             runs the step on the stream and frees the buffer after it:
//             right, clean
// The results are checked against host values in every mode.
#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(x)                                                                      \
  do {                                                                                \
    cudaError_t e_ = (x);                                                             \
    if (e_ != cudaSuccess) {                                                          \
      printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorName(e_));        \
      return 2;                                                                       \
    }                                                                                 \
  } while (0)

// y[i] = (x[i-1] + 2 x[i] + x[i+1]) / 4 + bias, the ends clamped
__global__ void smooth(const float *x, float *y, float bias, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float l = x[i > 0 ? i - 1 : 0], r = x[i < n - 1 ? i + 1 : n - 1];
  y[i] = 0.25f * (l + 2.0f * x[i] + r) + bias;
}

__global__ void sum_into(const float *x, float *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) acc[i] += x[i];
}

static void smooth_ref(const float *x, float *y, float bias, int n) {
  for (int i = 0; i < n; i++) {
    float l = x[i > 0 ? i - 1 : 0], r = x[i < n - 1 ? i + 1 : n - 1];
    y[i] = 0.25f * (l + 2.0f * x[i] + r) + bias;
  }
}

static const int N = 1000, T = 128;

// Captures the filter step on s reading hin and writing hout; *scratch: the
// scratch buffer's address (fixed when captured).
static int capture_step(cudaStream_t s, const float *hin, float *hout, float **scratch,
                        cudaGraph_t *g) {
  cudaMemPool_t pool;
  CHECK(cudaDeviceGetDefaultMemPool(&pool, 0));
  float *dx = nullptr, *dy = nullptr;
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CHECK(cudaMallocAsync((void **)&dx, N * sizeof(float), s));
  CHECK(cudaMallocFromPoolAsync((void **)&dy, N * sizeof(float), pool, s));
  CHECK(cudaMemcpyAsync(dx, hin, N * sizeof(float), cudaMemcpyHostToDevice, s));
  smooth<<<(N + T - 1) / T, T, 0, s>>>(dx, dy, 0.5f, N);
  CHECK(cudaMemcpyAsync(hout, dy, N * sizeof(float), cudaMemcpyDeviceToHost, s));
  CHECK(cudaFreeAsync(dx, s));
  CHECK(cudaFreeAsync(dy, s));
  CHECK(cudaStreamEndCapture(s, g));
  printf("addresses at capture: %s\n", dx && dy && dx != dy ? "two" : "wrong");
  *scratch = dx;
  return 0;
}

static int pipeline(bool stale) {
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  float *hin, *hout;
  CHECK(cudaMallocHost((void **)&hin, N * sizeof(float)));
  CHECK(cudaMallocHost((void **)&hout, N * sizeof(float)));
  float *scratch;
  cudaGraph_t g;
  if (capture_step(s, hin, hout, &scratch, &g)) return 2;
  size_t nn = 0;
  CHECK(cudaGraphGetNodes(g, nullptr, &nn));
  std::vector<cudaGraphNode_t> nodes(nn);
  CHECK(cudaGraphGetNodes(g, nodes.data(), &nn));
  int allocs = 0, frees = 0;
  for (cudaGraphNode_t n : nodes) {
    cudaGraphNodeType t;
    CHECK(cudaGraphNodeGetType(n, &t));
    allocs += t == cudaGraphNodeTypeMemAlloc;
    frees += t == cudaGraphNodeTypeMemFree;
  }
  printf("nodes: %zu, %d allocation, %d free\n", nn, allocs, frees);
  cudaGraphExec_t x;
  CHECK(cudaGraphInstantiate(&x, g, 0));
  std::vector<float> ref(N);
  int wrong = 0;
  for (int it = 0; it < 4; it++) {
    for (int i = 0; i < N; i++) hin[i] = (float)((i * 7 + it * 13) % 29) - 3.0f * it;
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    smooth_ref(hin, ref.data(), 0.5f, N);
    for (int i = 0; i < N; i++) wrong += hout[i] != ref[i];
  }
  size_t used = 1;
  CHECK(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &used));
  CHECK(cudaDeviceGraphMemTrim(0));
  CHECK(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &used));
  printf("graph memory after trim: %zu\n", used);
  if (stale) {
    // the scratch buffer's address outlives the graph's free node
    float *acc;
    CHECK(cudaMalloc((void **)&acc, N * sizeof(float)));
    CHECK(cudaMemsetAsync(acc, 0, N * sizeof(float), s));
    sum_into<<<(N + T - 1) / T, T, 0, s>>>(scratch, acc, N);
    cudaError_t e = cudaStreamSynchronize(s);
    printf("stale: %s\n", cudaGetErrorName(e));
    printf("pipeline: %d wrong\n", wrong);
    return 1;
  }
  printf("pipeline: %d wrong\n", wrong);
  CHECK(cudaGraphExecDestroy(x));
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaFreeHost(hin));
  CHECK(cudaFreeHost(hout));
  CHECK(cudaStreamDestroy(s));
  return wrong != 0;
}

static int before() {
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  std::vector<float> h(N), out(N), ref(N);
  for (int i = 0; i < N; i++) h[i] = (float)(i % 17) * 0.5f;
  float *dx, *dy;
  CHECK(cudaMallocAsync((void **)&dx, N * sizeof(float), s)); // outside any graph
  CHECK(cudaMalloc((void **)&dy, N * sizeof(float)));
  CHECK(cudaMemcpyAsync(dx, h.data(), N * sizeof(float), cudaMemcpyHostToDevice, s));
  CHECK(cudaStreamSynchronize(s));
  cudaGraph_t g = NULL;
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  smooth<<<(N + T - 1) / T, T, 0, s>>>(dx, dy, -1.0f, N);
  cudaError_t fe = cudaFreeAsync(dx, s); // not a graph allocation
  cudaError_t ce = cudaStreamEndCapture(s, &g);
  printf("captured free: %s, end of capture: %s\n", cudaGetErrorName(fe), cudaGetErrorName(ce));
  if (g) CHECK(cudaGraphDestroy(g));
  cudaGetLastError();
  // the step on the stream, the buffer freed after it
  smooth<<<(N + T - 1) / T, T, 0, s>>>(dx, dy, -1.0f, N);
  CHECK(cudaFreeAsync(dx, s));
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaMemcpy(out.data(), dy, N * sizeof(float), cudaMemcpyDeviceToHost));
  smooth_ref(h.data(), ref.data(), -1.0f, N);
  int wrong = 0;
  for (int i = 0; i < N; i++) wrong += out[i] != ref[i];
  printf("before: %d wrong\n", wrong);
  CHECK(cudaFree(dy));
  CHECK(cudaStreamDestroy(s));
  return wrong != 0;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "pipeline";
  if (!strcmp(mode, "pipeline") || !strcmp(mode, "stale")) return pipeline(mode[0] == 's');
  if (!strcmp(mode, "before")) return before();
  printf("unknown mode %s\n", mode);
  return 2;
}
