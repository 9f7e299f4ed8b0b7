// CUDA 12 graph API beyond capture: memory allocation and free nodes,
// 3-D memcpy nodes, updating an instantiated graph. Mode (argv[1]):
//   alloc    an explicit graph allocates two buffers (memory allocation
//            nodes), copies a 2-D block of host rows into one (a 3-D memcpy
//            node with pitches and an offset), scales it into the other,
//            copies that back and frees both (free nodes); launched 3 times
//            on new input: right; the cudaDeviceGetGraphMemAttribute counters
//            before and after cudaDeviceGraphMemTrim
//   again    a graph that allocates and never frees: its second launch
//            fails with cudaErrorInvalidValue until cudaFree frees the
//            allocation of the first
//   update   a captured kernel's argument changed by cudaGraphExecUpdate
//            (CUDA 12's and CUDA 11's signature) and by
//            cudaGraphExecKernelNodeSetParams; a graph of another topology
//            refused (cudaGraphExecUpdateErrorTopologyChanged); a clone
//   stale    a kernel node ordered after the free node reads the freed
//            buffer (bug pattern: use after a graph frees its memory)
//   node     cudaGraphAddNode (CUDA 13's signature) of a memory allocation,
//            a kernel and a free node: right; a conditional node of no
//            handle: refused, said in one line; cudaStreamUpdateCaptureDependencies
// The results are checked against host values in every mode.
#include <cstdio>
#include <cstring>
#include <vector>

__global__ void scale(const float *in, float *out, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * in[i];
}

#define CHECK(call)                                                             \
  do {                                                                          \
    cudaError_t e_ = (call);                                                    \
    if (e_ != cudaSuccess) {                                                    \
      printf("%s: %s\n", #call, cudaGetErrorName(e_));                          \
      return 1;                                                                 \
    }                                                                           \
  } while (0)

static unsigned long long attr(cudaGraphMemAttributeType a) {
  unsigned long long v = ~0ull;
  if (cudaDeviceGetGraphMemAttribute(0, a, &v) != cudaSuccess) return ~0ull;
  return v;
}

static cudaMemAllocNodeParams alloc_params(size_t bytes) {
  cudaMemAllocNodeParams p;
  memset(&p, 0, sizeof p);
  p.poolProps.allocType = cudaMemAllocationTypePinned;
  p.poolProps.location.type = cudaMemLocationTypeDevice;
  p.poolProps.location.id = 0;
  p.bytesize = bytes;
  return p;
}

// rows x cols floats taken from a host matrix of ld columns at (r0, c0)
static int alloc_mode() {
  const int rows = 6, cols = 40, ld = 50, r0 = 2, c0 = 3, n = rows * cols;
  const size_t bytes = n * sizeof(float);
  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  cudaGraphNode_t na, nb, in, k, out, fa, fb;
  cudaMemAllocNodeParams pa = alloc_params(bytes), pb = alloc_params(bytes);
  CHECK(cudaGraphAddMemAllocNode(&na, g, NULL, 0, &pa));
  CHECK(cudaGraphAddMemAllocNode(&nb, g, &na, 1, &pb));
  float *a = (float *)pa.dptr, *b = (float *)pb.dptr;
  cudaMemAllocNodeParams got;
  CHECK(cudaGraphMemAllocNodeGetParams(nb, &got));
  int bad = a == NULL || b == NULL || a == b || got.dptr != b || got.bytesize != bytes;
  std::vector<float> host(ld * (r0 + rows)), res(n);
  cudaMemcpy3DParms cp = {};
  cp.srcPtr = make_cudaPitchedPtr(host.data(), ld * sizeof(float), ld, r0 + rows);
  cp.srcPos = make_cudaPos(c0 * sizeof(float), r0, 0);
  cp.dstPtr = make_cudaPitchedPtr(a, cols * sizeof(float), cols, rows);
  cp.extent = make_cudaExtent(cols * sizeof(float), rows, 1);
  cp.kind = cudaMemcpyHostToDevice;
  CHECK(cudaGraphAddMemcpyNode(&in, g, &nb, 1, &cp));
  float f = 1.5f;
  int nn = n;
  void *args[] = {&a, &b, &f, &nn};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)scale;
  kp.gridDim = dim3((n + 63) / 64);
  kp.blockDim = dim3(64);
  kp.kernelParams = args;
  CHECK(cudaGraphAddKernelNode(&k, g, &in, 1, &kp));
  cudaMemcpy3DParms back = {};
  back.srcPtr = make_cudaPitchedPtr(b, bytes, n, 1);
  back.dstPtr = make_cudaPitchedPtr(res.data(), bytes, n, 1);
  back.extent = make_cudaExtent(bytes, 1, 1);
  back.kind = cudaMemcpyDeviceToHost;
  CHECK(cudaGraphAddMemcpyNode(&out, g, &k, 1, &back));
  CHECK(cudaGraphAddMemFreeNode(&fa, g, &k, 1, a));
  CHECK(cudaGraphAddMemFreeNode(&fb, g, &out, 1, b));
  void *fp = NULL;
  CHECK(cudaGraphMemFreeNodeGetParams(fb, &fp));
  bad += fp != b;
  cudaGraphExec_t x;
  CHECK(cudaGraphInstantiate(&x, g, 0));
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  for (int round = 0; round < 3; round++) {
    for (size_t i = 0; i < host.size(); i++) host[i] = (float)((i * 7 + round) % 19);
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    for (int r = 0; r < rows; r++)
      for (int c = 0; c < cols; c++)
        bad += res[r * cols + c] != 1.5f * host[(r0 + r) * ld + c0 + c];
  }
  printf("counters: used %llu, used high %llu, reserved %llu\n", attr(cudaGraphMemAttrUsedMemCurrent),
         attr(cudaGraphMemAttrUsedMemHigh), attr(cudaGraphMemAttrReservedMemCurrent));
  CHECK(cudaDeviceGraphMemTrim(0));
  printf("after trim: used %llu, reserved %llu, reserved high %llu\n",
         attr(cudaGraphMemAttrUsedMemCurrent), attr(cudaGraphMemAttrReservedMemCurrent),
         attr(cudaGraphMemAttrReservedMemHigh));
  unsigned long long zero = 0;
  CHECK(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrReservedMemHigh, &zero));
  printf("high reset: reserved high %llu\n", attr(cudaGraphMemAttrReservedMemHigh));
  cudaGraphNodeType t;
  CHECK(cudaGraphNodeGetType(na, &t));
  bad += t != cudaGraphNodeTypeMemAlloc;
  CHECK(cudaGraphNodeGetType(fa, &t));
  bad += t != cudaGraphNodeTypeMemFree;
  CHECK(cudaGraphExecDestroy(x));
  CHECK(cudaGraphDestroy(g));
  printf("alloc: %d wrong\n", bad);
  return 0;
}

static int again_mode() {
  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  cudaGraphNode_t na;
  cudaMemAllocNodeParams p = alloc_params(1024);
  CHECK(cudaGraphAddMemAllocNode(&na, g, NULL, 0, &p));
  cudaGraphExec_t x;
  CHECK(cudaGraphInstantiate(&x, g, 0));
  CHECK(cudaGraphLaunch(x, 0));
  CHECK(cudaMemset(p.dptr, 1, 1024)); // live after the launch
  cudaError_t e = cudaGraphLaunch(x, 0);
  printf("second launch: %s\n", cudaGetErrorName(e));
  cudaGetLastError();
  CHECK(cudaFree(p.dptr));
  e = cudaGraphLaunch(x, 0);
  printf("after cudaFree: %s\n", cudaGetErrorName(e));
  CHECK(cudaFree(p.dptr));
  cudaGraphNode_t bad;
  int dummy;
  e = cudaGraphAddMemFreeNode(&bad, g, NULL, 0, &dummy);
  printf("free node of host memory: %s\n", cudaGetErrorName(e));
  return 0;
}

static int run_scale(cudaGraphExec_t x, const float *hin, float *d_in, float *d_out, float *hout,
                     int n) {
  CHECK(cudaMemcpy(d_in, hin, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaGraphLaunch(x, 0));
  CHECK(cudaMemcpy(hout, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
  return 0;
}

static cudaGraph_t capture_scale(cudaStream_t s, const float *in, float *out, float a, int n,
                                 bool twice) {
  cudaGraph_t g = NULL;
  if (cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) != cudaSuccess) return NULL;
  scale<<<(n + 63) / 64, 64, 0, s>>>(in, out, a, n);
  if (twice) scale<<<(n + 63) / 64, 64, 0, s>>>(in, out, a, n);
  if (cudaStreamEndCapture(s, &g) != cudaSuccess) return NULL;
  return g;
}

static int update_mode() {
  const int n = 100;
  float *in, *out;
  CHECK(cudaMalloc(&in, n * sizeof(float)));
  CHECK(cudaMalloc(&out, n * sizeof(float)));
  std::vector<float> hin(n), hout(n);
  for (int i = 0; i < n; i++) hin[i] = (float)(i % 9);
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int bad = 0;
  cudaGraph_t g2 = capture_scale(s, in, out, 2.0f, n, false);
  cudaGraphExec_t x;
  CHECK(cudaGraphInstantiate(&x, g2, 0));
  if (run_scale(x, hin.data(), in, out, hout.data(), n)) return 1;
  for (int i = 0; i < n; i++) bad += hout[i] != 2.0f * hin[i];
  // CUDA 12: the result as a struct
  cudaGraph_t g3 = capture_scale(s, in, out, 3.0f, n, false);
  cudaGraphExecUpdateResultInfo info;
  CHECK(cudaGraphExecUpdate(x, g3, &info));
  bad += info.result != cudaGraphExecUpdateSuccess;
  if (run_scale(x, hin.data(), in, out, hout.data(), n)) return 1;
  for (int i = 0; i < n; i++) bad += hout[i] != 3.0f * hin[i];
  // CUDA 11: the failing node and the result as out parameters
  cudaGraph_t g4 = capture_scale(s, in, out, 4.0f, n, false);
  cudaGraphNode_t err_node = (cudaGraphNode_t)1;
  cudaGraphExecUpdateResult r;
  CHECK(cudaGraphExecUpdate(x, g4, &err_node, &r));
  bad += r != cudaGraphExecUpdateSuccess || err_node != NULL;
  if (run_scale(x, hin.data(), in, out, hout.data(), n)) return 1;
  for (int i = 0; i < n; i++) bad += hout[i] != 4.0f * hin[i];
  // another topology: refused, the exec unchanged
  cudaGraph_t g5 = capture_scale(s, in, out, 5.0f, n, true);
  cudaError_t e = cudaGraphExecUpdate(x, g5, &info);
  printf("other topology: %s, result %d\n", cudaGetErrorName(e), (int)info.result);
  cudaGetLastError();
  if (run_scale(x, hin.data(), in, out, hout.data(), n)) return 1;
  for (int i = 0; i < n; i++) bad += hout[i] != 4.0f * hin[i];
  // one kernel node's parameters
  cudaGraphNode_t node;
  size_t num = 1;
  CHECK(cudaGraphGetNodes(g2, &node, &num));
  float a = 6.0f;
  int nn = n;
  void *args[] = {&in, &out, &a, &nn};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)scale;
  kp.gridDim = dim3((n + 63) / 64);
  kp.blockDim = dim3(64);
  kp.kernelParams = args;
  CHECK(cudaGraphExecKernelNodeSetParams(x, node, &kp));
  a = 0.0f; // the node keeps its own copy
  if (run_scale(x, hin.data(), in, out, hout.data(), n)) return 1;
  for (int i = 0; i < n; i++) bad += hout[i] != 6.0f * hin[i];
  // a clone runs as its original
  cudaGraph_t c;
  CHECK(cudaGraphClone(&c, g3));
  cudaGraphExec_t xc;
  CHECK(cudaGraphInstantiate(&xc, c, 0));
  if (run_scale(xc, hin.data(), in, out, hout.data(), n)) return 1;
  for (int i = 0; i < n; i++) bad += hout[i] != 3.0f * hin[i];
  printf("update: %d wrong\n", bad);
  return 0;
}

static int stale_mode() {
  const int n = 64;
  float *out;
  CHECK(cudaMalloc(&out, n * sizeof(float)));
  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  cudaGraphNode_t na, fa, k;
  cudaMemAllocNodeParams p = alloc_params(n * sizeof(float));
  CHECK(cudaGraphAddMemAllocNode(&na, g, NULL, 0, &p));
  CHECK(cudaGraphAddMemFreeNode(&fa, g, &na, 1, p.dptr));
  float *a = (float *)p.dptr, f = 2.0f;
  int nn = n;
  void *args[] = {&a, &out, &f, &nn};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)scale;
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(n);
  kp.kernelParams = args;
  CHECK(cudaGraphAddKernelNode(&k, g, &fa, 1, &kp));
  cudaGraphExec_t x;
  CHECK(cudaGraphInstantiate(&x, g, 0));
  cudaError_t e = cudaGraphLaunch(x, 0);
  cudaError_t e2 = cudaDeviceSynchronize();
  printf("stale: launch %s, synchronize %s\n", cudaGetErrorName(e), cudaGetErrorName(e2));
  return 0;
}

static int node_mode() {
  const int n = 50;
  float *out;
  CHECK(cudaMalloc(&out, n * sizeof(float)));
  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  cudaGraphNode_t na, k, fa, c;
  cudaGraphNodeParams pa = {cudaGraphNodeTypeMemAlloc};
  pa.alloc = alloc_params(n * sizeof(float));
  CHECK(cudaGraphAddNode(&na, g, NULL, NULL, 0, &pa));
  float *a = (float *)pa.alloc.dptr, f = 0.0f;
  int nn = n;
  void *args[] = {&a, &out, &f, &nn};
  cudaGraphNodeParams pk = {cudaGraphNodeTypeKernel};
  pk.kernel.func = (void *)scale;
  pk.kernel.gridDim = dim3(1);
  pk.kernel.blockDim = dim3(64);
  pk.kernel.kernelParams = args;
  CHECK(cudaGraphAddNode(&k, g, &na, NULL, 1, &pk));
  cudaGraphNodeParams pf = {cudaGraphNodeTypeMemFree};
  pf.free.dptr = a;
  CHECK(cudaGraphAddNode(&fa, g, &k, NULL, 1, &pf));
  std::vector<float> h(n, 1.0f);
  CHECK(cudaMemcpy(out, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  cudaGraphExec_t x;
  CHECK(cudaGraphInstantiate(&x, g, 0));
  CHECK(cudaGraphLaunch(x, 0));
  CHECK(cudaMemcpy(h.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++) bad += h[i] != 0.0f; // 0 * the zeroed allocation
  cudaGraphNodeParams pc = {cudaGraphNodeTypeConditional};
  pc.conditional.type = cudaGraphCondTypeIf;
  pc.conditional.size = 1;
  cudaError_t e = cudaGraphAddNode(&c, g, &fa, NULL, 1, &pc);
  printf("conditional node: %s\n", cudaGetErrorName(e));
  // a capture's dependencies replaced by none (the second kernel a root
  // too), then the first kernel added back (the second depends on it)
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  size_t roots[2];
  for (int round = 0; round < 2; round++) {
    cudaGraph_t cg;
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    scale<<<1, 64, 0, s>>>(out, out, 1.0f, n);
    cudaStreamCaptureStatus st;
    const cudaGraphNode_t *deps;
    size_t nd = 0;
    CHECK(cudaStreamGetCaptureInfo(s, &st, NULL, NULL, &deps, NULL, &nd));
    cudaGraphNode_t first = nd ? deps[0] : NULL;
    CHECK(cudaStreamUpdateCaptureDependencies(s, NULL, 0, cudaStreamSetCaptureDependencies));
    if (round)
      CHECK(cudaStreamUpdateCaptureDependencies(s, &first, NULL, 1,
                                                cudaStreamAddCaptureDependencies)); // CUDA 13's
    scale<<<1, 64, 0, s>>>(out, out, 1.0f, n);
    CHECK(cudaStreamEndCapture(s, &cg));
    roots[round] = 0;
    CHECK(cudaGraphGetRootNodes(cg, NULL, &roots[round]));
    bad += nd != 1;
  }
  printf("capture dependencies: roots %zu then %zu\n", roots[0], roots[1]);
  printf("node: %d wrong\n", bad);
  return 0;
}

int main(int argc, char **argv) {
  const char *m = argc > 1 ? argv[1] : "alloc";
  if (!strcmp(m, "alloc")) return alloc_mode();
  if (!strcmp(m, "again")) return again_mode();
  if (!strcmp(m, "update")) return update_mode();
  if (!strcmp(m, "stale")) return stale_mode();
  if (!strcmp(m, "node")) return node_mode();
  printf("unknown mode %s\n", m);
  return 2;
}
