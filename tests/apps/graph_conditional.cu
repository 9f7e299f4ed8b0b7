// Conditional graph nodes (CUDA 12.4): a kernel of the graph sets the value
// a later conditional node reads with cudaGraphSetConditional. Mode (argv[1]):
//   while  a Jacobi solver of a tridiagonal system (4 on the diagonal, -1
//          beside it): one graph launch runs sweeps in a WHILE node until the
//          largest change is below a tolerance (the body's last kernel
//          decides), built with the explicit API, the handle's default (1)
//          assigned at each launch; launched for two right-hand sides, the
//          solution and the sweep count checked against the host's
//   if     a captured graph normalizes a vector by its largest magnitude
//          only when that is above 1 (an IF node with an else body that
//          counts the vectors left alone), its bodies captured with
//          cudaStreamBeginCaptureToGraph; launched for two vectors
// The results are checked against host values in every mode.
#include <cmath>
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

static const int N = 256, MAXIT = 500;
static const float TOL = 1e-5f;

__global__ void init(float *x, int *iters, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 0.0f;
  if (i == 0) *iters = 0;
}

// xn = (b + x[i-1] + x[i+1]) / 4
__global__ void sweep(const float *x, float *xn, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float l = i > 0 ? x[i - 1] : 0.0f, r = i < n - 1 ? x[i + 1] : 0.0f;
  xn[i] = (b[i] + l + r) / 4.0f;
}

// x = xn; one block: the largest change decides whether the loop goes on
__global__ void converge(float *x, const float *xn, int n, int *iters, float tol,
                         cudaGraphConditionalHandle h) {
  __shared__ float m[256];
  float d = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    d = fmaxf(d, fabsf(xn[i] - x[i]));
    x[i] = xn[i];
  }
  m[threadIdx.x] = d;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) m[threadIdx.x] = fmaxf(m[threadIdx.x], m[threadIdx.x + s]);
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    int it = ++*iters;
    cudaGraphSetConditional(h, m[0] > tol && it < MAXIT);
  }
}

static int jacobi_ref(const float *b, float *x) {
  std::vector<float> xn(N);
  for (int i = 0; i < N; i++) x[i] = 0.0f;
  int it = 0;
  float m;
  do {
    for (int i = 0; i < N; i++) {
      float l = i > 0 ? x[i - 1] : 0.0f, r = i < N - 1 ? x[i + 1] : 0.0f;
      xn[i] = (b[i] + l + r) / 4.0f;
    }
    m = 0.0f;
    for (int i = 0; i < N; i++) {
      m = fmaxf(m, fabsf(xn[i] - x[i]));
      x[i] = xn[i];
    }
    ++it;
  } while (m > TOL && it < MAXIT);
  return it;
}

static int while_loop() {
  float *x, *xn, *b;
  int *iters;
  CHECK(cudaMalloc((void **)&x, N * sizeof(float)));
  CHECK(cudaMalloc((void **)&xn, N * sizeof(float)));
  CHECK(cudaMalloc((void **)&b, N * sizeof(float)));
  CHECK(cudaMalloc((void **)&iters, sizeof(int)));
  std::vector<float> hx(N), hb(N), ref(N);
  int hit = 0;

  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  cudaGraphConditionalHandle h;
  CHECK(cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault));
  int n = N;
  float tol = TOL;
  void *init_args[] = {&x, &iters, &n};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)init;
  kp.gridDim = dim3(N / 64);
  kp.blockDim = dim3(64);
  kp.kernelParams = init_args;
  cudaGraphNode_t init_node, loop_node, copy_node;
  CHECK(cudaGraphAddKernelNode(&init_node, g, nullptr, 0, &kp));
  cudaGraphNodeParams cp = {};
  cp.type = cudaGraphNodeTypeConditional;
  cp.conditional.handle = h;
  cp.conditional.type = cudaGraphCondTypeWhile;
  cp.conditional.size = 1;
  CHECK(cudaGraphAddNode(&loop_node, g, &init_node, 1, &cp));
  cudaGraph_t body = cp.conditional.phGraph_out[0];
  void *sweep_args[] = {&x, &xn, &b, &n};
  kp.func = (void *)sweep;
  kp.kernelParams = sweep_args;
  cudaGraphNode_t s_node, c_node;
  CHECK(cudaGraphAddKernelNode(&s_node, body, nullptr, 0, &kp));
  void *conv_args[] = {&x, &xn, &n, &iters, &tol, &h};
  kp.func = (void *)converge;
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(256);
  kp.kernelParams = conv_args;
  CHECK(cudaGraphAddKernelNode(&c_node, body, &s_node, 1, &kp));
  CHECK(cudaGraphAddMemcpyNode1D(&copy_node, g, &loop_node, 1, hx.data(), x, N * sizeof(float),
                                 cudaMemcpyDeviceToHost));
  cudaGraphNodeType t;
  CHECK(cudaGraphNodeGetType(loop_node, &t));
  printf("node type: %s\n", t == cudaGraphNodeTypeConditional ? "conditional" : "other");
  cudaGraphExec_t ge;
  CHECK(cudaGraphInstantiate(&ge, g, 0));
  int wrong = 0;
  for (int rhs = 0; rhs < 2; rhs++) {
    for (int i = 0; i < N; i++) hb[i] = rhs ? (float)(i % 7) - 2.5f : 1.0f + (float)(i % 3);
    CHECK(cudaMemcpy(b, hb.data(), N * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaGraphLaunch(ge, 0));
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(&hit, iters, sizeof(int), cudaMemcpyDeviceToHost));
    int rit = jacobi_ref(hb.data(), ref.data());
    for (int i = 0; i < N; i++) wrong += hx[i] != ref[i];
    printf("right-hand side %d: %d sweeps (host %d)\n", rhs, hit, rit);
    wrong += hit != rit;
  }
  printf("while: %d wrong\n", wrong);
  CHECK(cudaGraphExecDestroy(ge));
  CHECK(cudaGraphDestroy(g));
  cudaFree(x), cudaFree(xn), cudaFree(b), cudaFree(iters);
  return wrong != 0;
}

// *m = max |v|; the IF node normalizes only when it is above 1
__global__ void max_check(const float *v, int n, float *m, cudaGraphConditionalHandle h) {
  __shared__ float s[256];
  float d = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) d = fmaxf(d, fabsf(v[i]));
  s[threadIdx.x] = d;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k /= 2) {
    if (threadIdx.x < k) s[threadIdx.x] = fmaxf(s[threadIdx.x], s[threadIdx.x + k]);
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    *m = s[0];
    cudaGraphSetConditional(h, s[0] > 1.0f);
  }
}

__global__ void scale_by(float *v, const float *m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i] / *m;
}

__global__ void count(int *c) { ++*c; }

static int if_else() {
  float *v, *m;
  int *left;
  CHECK(cudaMalloc((void **)&v, N * sizeof(float)));
  CHECK(cudaMalloc((void **)&m, sizeof(float)));
  CHECK(cudaMalloc((void **)&left, sizeof(int)));
  CHECK(cudaMemset(left, 0, sizeof(int)));
  CHECK(cudaDeviceSynchronize());
  std::vector<float> hv(N), out(N);
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  cudaStreamCaptureStatus st;
  cudaGraph_t g;
  const cudaGraphNode_t *deps;
  size_t ndeps;
  CHECK(cudaStreamGetCaptureInfo(s, &st, nullptr, &g, &deps, &ndeps));
  cudaGraphConditionalHandle h;
  CHECK(cudaGraphConditionalHandleCreate(&h, g, 0, 0));
  CHECK(cudaMemcpyAsync(v, hv.data(), N * sizeof(float), cudaMemcpyHostToDevice, s));
  max_check<<<1, 256, 0, s>>>(v, N, m, h);
  CHECK(cudaStreamGetCaptureInfo(s, &st, nullptr, &g, &deps, &ndeps));
  cudaGraphNodeParams cp = {};
  cp.type = cudaGraphNodeTypeConditional;
  cp.conditional.handle = h;
  cp.conditional.type = cudaGraphCondTypeIf;
  cp.conditional.size = 2;
  cudaGraphNode_t if_node;
  CHECK(cudaGraphAddNode(&if_node, g, deps, ndeps, &cp));
  CHECK(cudaStreamUpdateCaptureDependencies(s, &if_node, 1, cudaStreamSetCaptureDependencies));
  CHECK(cudaMemcpyAsync(out.data(), v, N * sizeof(float), cudaMemcpyDeviceToHost, s));
  CHECK(cudaStreamEndCapture(s, &g));
  // the bodies: then (normalize), else (count)
  cudaStream_t bs;
  CHECK(cudaStreamCreateWithFlags(&bs, cudaStreamNonBlocking));
  CHECK(cudaStreamBeginCaptureToGraph(bs, cp.conditional.phGraph_out[0], nullptr, nullptr, 0,
                                      cudaStreamCaptureModeGlobal));
  scale_by<<<N / 64, 64, 0, bs>>>(v, m, N);
  CHECK(cudaStreamEndCapture(bs, nullptr));
  CHECK(cudaStreamBeginCaptureToGraph(bs, cp.conditional.phGraph_out[1], nullptr, nullptr, 0,
                                      cudaStreamCaptureModeGlobal));
  count<<<1, 1, 0, bs>>>(left);
  CHECK(cudaStreamEndCapture(bs, nullptr));
  cudaGraphExec_t ge;
  CHECK(cudaGraphInstantiate(&ge, g, 0));
  int wrong = 0;
  for (int k = 0; k < 2; k++) {
    float peak = 0.0f;
    for (int i = 0; i < N; i++) {
      hv[i] = (k ? 0.5f : 8.0f) * sinf(0.1f * (float)i);
      peak = fmaxf(peak, fabsf(hv[i]));
    }
    CHECK(cudaGraphLaunch(ge, s));
    CHECK(cudaStreamSynchronize(s));
    for (int i = 0; i < N; i++) wrong += out[i] != (peak > 1.0f ? hv[i] / peak : hv[i]);
    printf("vector %d: peak %s 1, %s\n", k, peak > 1.0f ? "above" : "below",
           out[0] == hv[0] && out[1] == hv[1] ? "left alone" : "normalized");
  }
  int hleft = 0;
  CHECK(cudaMemcpy(&hleft, left, sizeof(int), cudaMemcpyDeviceToHost));
  printf("left alone: %d\n", hleft);
  wrong += hleft != 1;
  printf("if: %d wrong\n", wrong);
  CHECK(cudaGraphExecDestroy(ge));
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaStreamDestroy(bs));
  cudaFree(v), cudaFree(m), cudaFree(left);
  return wrong != 0;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "while";
  if (!strcmp(mode, "while")) return while_loop();
  if (!strcmp(mode, "if")) return if_else();
  printf("unknown mode %s\n", mode);
  return 2;
}
