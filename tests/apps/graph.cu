// CUDA graphs: work captured from streams, instantiated once and launched
// several times; the same built with the explicit API. Mode (argv[1]):
//   pipeline  memset, two kernels, a copy back and a host function captured
//             on one stream, launched 3 times on new input: right, clean
//   legacy    the same, instantiated with CUDA 11's five-argument signature
//   fork      two captured streams (fork and join by events); the second
//             stream's kernel waits for an event recorded after the first
//             stream's kernel: clean
//   forkrace  the same without that event (bug pattern: a missing
//             dependency between the branches of a captured graph): the two
//             kernels write one buffer unordered, a race between launches
//   explicit  cudaGraphCreate, memset (4-byte elements) / kernel / kernel /
//             copy nodes joined by cudaGraphAddDependencies: right, clean
//   errors    what CUDA refuses: capturing the default stream, ending a
//             capture that is not active, a forked stream that never joins
//             again, a synchronization inside a capture (which invalidates it)
// The results are checked against host values in every mode.
#include <cstdio>
#include <cstring>
#include <vector>

__global__ void scale(const float *in, float *out, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * in[i];
}

__global__ void add_into(const float *x, float *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) acc[i] += x[i];
}

__global__ void fill(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}

__global__ void add_one(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

static int host_calls;
static void count_call(void *p) { ++*(int *)p; }

#define CHECK(call)                                                             \
  do {                                                                          \
    cudaError_t e_ = (call);                                                    \
    if (e_ != cudaSuccess) {                                                    \
      printf("%s: %s\n", #call, cudaGetErrorName(e_));                          \
      return 1;                                                                 \
    }                                                                           \
  } while (0)

// acc = 0; tmp = a * in; acc += tmp; host <- acc, as a graph run 3 times
static int pipeline(bool legacy) {
  const int n = 300, block = 128, grid = (n + block - 1) / block;
  float *in, *tmp, *acc;
  CHECK(cudaMalloc(&in, n * sizeof(float)));
  CHECK(cudaMalloc(&tmp, n * sizeof(float)));
  CHECK(cudaMalloc(&acc, n * sizeof(float)));
  std::vector<float> hin(n), hout(n);
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaStreamCaptureStatus st;
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CHECK(cudaStreamIsCapturing(s, &st));
  unsigned long long id = 0;
  CHECK(cudaStreamGetCaptureInfo(s, &st, &id));
  int bad = st != cudaStreamCaptureStatusActive || id == 0;
  CHECK(cudaMemsetAsync(acc, 0, n * sizeof(float), s));
  scale<<<grid, block, 0, s>>>(in, tmp, 2.5f, n);
  add_into<<<grid, block, 0, s>>>(tmp, acc, n);
  CHECK(cudaMemcpyAsync(hout.data(), acc, n * sizeof(float), cudaMemcpyDeviceToHost, s));
  CHECK(cudaLaunchHostFunc(s, count_call, &host_calls));
  cudaGraph_t g;
  CHECK(cudaStreamEndCapture(s, &g));
  CHECK(cudaStreamIsCapturing(s, &st));
  bad += st != cudaStreamCaptureStatusNone;
  size_t nodes = 0;
  CHECK(cudaGraphGetNodes(g, NULL, &nodes));
  bad += nodes != 5 || host_calls != 0;
  cudaGraphExec_t x;
  if (legacy) {
    char log[64] = "x";
    cudaGraphNode_t err_node;
    CHECK(cudaGraphInstantiate(&x, g, &err_node, log, sizeof log));
  } else {
    CHECK(cudaGraphInstantiate(&x, g, 0));
  }
  int wrong = 0;
  for (int it = 0; it < 3; it++) {
    for (int i = 0; i < n; i++) hin[i] = (float)((i * 7 + it * 3) % 11) - 5.0f;
    CHECK(cudaMemcpy(in, hin.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    for (int i = 0; i < n; i++) wrong += hout[i] != 2.5f * hin[i];
  }
  bad += host_calls != 3;
  CHECK(cudaGraphExecDestroy(x));
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaStreamDestroy(s));
  cudaFree(in), cudaFree(tmp), cudaFree(acc);
  printf("%s: %d wrong, %d bad capture states\n", legacy ? "legacy" : "pipeline", wrong, bad);
  return wrong || bad;
}

// two branches of one capture: fill on s1, add_one on s2
static int fork_join(bool ordered) {
  const int n = 256;
  int *d, h[n];
  CHECK(cudaMalloc(&d, n * sizeof(int)));
  cudaStream_t s1, s2;
  CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t forked, filled, joined;
  CHECK(cudaEventCreate(&forked));
  CHECK(cudaEventCreate(&filled));
  CHECK(cudaEventCreate(&joined));
  CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  CHECK(cudaEventRecord(forked, s1));
  CHECK(cudaStreamWaitEvent(s2, forked, 0)); // s2 joins the capture
  fill<<<n / 64, 64, 0, s1>>>(d, n, 4);
  CHECK(cudaEventRecord(filled, s1));
  if (ordered) CHECK(cudaStreamWaitEvent(s2, filled, 0));
  add_one<<<n / 64, 64, 0, s2>>>(d, n);
  CHECK(cudaEventRecord(joined, s2));
  CHECK(cudaStreamWaitEvent(s1, joined, 0)); // join before the capture ends
  cudaGraph_t g;
  CHECK(cudaStreamEndCapture(s1, &g));
  cudaGraphExec_t x;
  CHECK(cudaGraphInstantiate(&x, g, 0));
  CHECK(cudaGraphLaunch(x, s1));
  CHECK(cudaStreamSynchronize(s1));
  CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += h[i] != 5;
  cudaGraphExecDestroy(x);
  cudaGraphDestroy(g);
  cudaFree(d);
  printf("%s: %d wrong\n", ordered ? "fork" : "forkrace", wrong);
  return wrong != 0;
}

// the pipeline's graph built node by node (acc starts at 1.0f)
static int explicit_graph() {
  const int n = 200, block = 64, grid = (n + block - 1) / block;
  float *in, *tmp, *acc;
  CHECK(cudaMalloc(&in, n * sizeof(float)));
  CHECK(cudaMalloc(&tmp, n * sizeof(float)));
  CHECK(cudaMalloc(&acc, n * sizeof(float)));
  std::vector<float> hin(n), hout(n);
  for (int i = 0; i < n; i++) hin[i] = (float)(i % 13);
  CHECK(cudaMemcpy(in, hin.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  cudaGraphNode_t zero, k1, k2, back;
  cudaMemsetParams ms = {};
  ms.dst = acc;
  ms.value = 0x3f800000u; // 1.0f in every 4-byte element
  ms.elementSize = 4;
  ms.width = n;
  ms.height = 1;
  CHECK(cudaGraphAddMemsetNode(&zero, g, NULL, 0, &ms));
  float a = 3.0f;
  int nn = n;
  void *args1[] = {&in, &tmp, &a, &nn};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)scale;
  kp.gridDim = dim3(grid);
  kp.blockDim = dim3(block);
  kp.kernelParams = args1;
  CHECK(cudaGraphAddKernelNode(&k1, g, NULL, 0, &kp));
  void *args2[] = {&tmp, &acc, &nn};
  kp.func = (void *)add_into;
  kp.kernelParams = args2;
  cudaGraphNode_t deps2[] = {zero, k1};
  CHECK(cudaGraphAddKernelNode(&k2, g, deps2, 2, &kp));
  CHECK(cudaGraphAddMemcpyNode1D(&back, g, NULL, 0, hout.data(), acc, n * sizeof(float),
                                 cudaMemcpyDeviceToHost));
  CHECK(cudaGraphAddDependencies(g, &k2, &back, 1));
  a = -1.0f; // the node keeps the value it was given
  cudaGraphExec_t x;
  CHECK(cudaGraphInstantiate(&x, g, 0));
  CHECK(cudaGraphLaunch(x, 0));
  CHECK(cudaDeviceSynchronize());
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += hout[i] != 1.0f + 3.0f * hin[i];
  cudaGraphExecDestroy(x);
  cudaGraphDestroy(g);
  cudaFree(in), cudaFree(tmp), cudaFree(acc);
  printf("explicit: %d wrong\n", wrong);
  return wrong != 0;
}

// each refusal, by name; a launch afterwards still works
static int errors() {
  cudaGraph_t g = (cudaGraph_t)&g;
  printf("capture the default stream: %s\n",
         cudaGetErrorName(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal)));
  cudaStream_t s1, s2;
  CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  printf("end without a capture: %s\n", cudaGetErrorName(cudaStreamEndCapture(s1, &g)));
  const int n = 64;
  int *d;
  CHECK(cudaMalloc(&d, n * sizeof(int)));
  cudaEvent_t forked;
  CHECK(cudaEventCreate(&forked));
  CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  CHECK(cudaEventRecord(forked, s1));
  CHECK(cudaStreamWaitEvent(s2, forked, 0));
  fill<<<1, n, 0, s2>>>(d, n, 1); // never joined back into s1
  cudaError_t e = cudaStreamEndCapture(s1, &g);
  printf("unjoined: %s, graph %s\n", cudaGetErrorName(e), g ? "made" : "none");
  cudaStreamCaptureStatus st;
  CHECK(cudaStreamIsCapturing(s2, &st));
  printf("the forked stream after the end: %s\n",
         st == cudaStreamCaptureStatusNone ? "not capturing" : "capturing");
  CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  fill<<<1, n, 0, s1>>>(d, n, 2);
  printf("synchronize inside: %s\n", cudaGetErrorName(cudaStreamSynchronize(s1)));
  CHECK(cudaStreamIsCapturing(s1, &st));
  printf("status: %s\n", st == cudaStreamCaptureStatusInvalidated ? "invalidated" : "other");
  e = cudaStreamEndCapture(s1, &g);
  printf("end: %s, graph %s\n", cudaGetErrorName(e), g ? "made" : "none");
  cudaGetLastError();
  // a stream-ordered allocation becomes a memory node (nothing is allocated
  // until the graph runs); a free of memory allocated outside graphs is
  // refused (free nodes free graph allocations only) and a stream callback
  // is not captured: each invalidates its capture, and nothing happens
  const char *what[] = {"cudaMallocAsync", "cudaFreeAsync", "cudaStreamAddCallback"};
  int calls = 0;
  for (int k = 0; k < 3; k++) {
    CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    void *p = nullptr;
    cudaError_t r = k == 0   ? cudaMallocAsync(&p, 64, s1)
                    : k == 1 ? cudaFreeAsync(d, s1)
                             : cudaStreamAddCallback(
                                   s1, [](cudaStream_t, cudaError_t, void *c) { ++*(int *)c; },
                                   &calls, 0);
    e = cudaStreamEndCapture(s1, &g);
    int type = -1;
    size_t nn = 1;
    cudaGraphNode_t node;
    if (!e && cudaGraphGetNodes(g, &node, &nn) == cudaSuccess && nn == 1)
      cudaGraphNodeGetType(node, (cudaGraphNodeType *)&type);
    printf("%s inside: %s, end: %s, %s, %s\n", what[k], cudaGetErrorName(r), cudaGetErrorName(e),
           type == cudaGraphNodeTypeMemAlloc  ? "a memory allocation node"
           : type == cudaGraphNodeTypeMemFree ? "a memory free node"
                                              : "no graph",
           calls ? "something happened" : p ? "an address" : "nothing happened");
    if (!e) CHECK(cudaGraphDestroy(g));
    cudaGetLastError();
  }
  fill<<<1, n, 0, s1>>>(d, n, 3);
  int h[n], wrong = 0;
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) wrong += h[i] != 3;
  printf("errors: %d wrong\n", wrong);
  return wrong != 0;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "pipeline";
  if (!strcmp(mode, "pipeline") || !strcmp(mode, "legacy")) return pipeline(mode[0] == 'l');
  if (!strcmp(mode, "fork") || !strcmp(mode, "forkrace")) return fork_join(mode[4] == 0);
  if (!strcmp(mode, "explicit")) return explicit_graph();
  if (!strcmp(mode, "errors")) return errors();
  printf("unknown mode %s\n", mode);
  return 2;
}
