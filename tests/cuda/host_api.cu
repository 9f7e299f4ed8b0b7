// Compile test for simulee's CUDA headers: the CUDA 12 host runtime API in
// host code (graphs and stream capture, memory pools and stream-ordered
// allocation, IPC, extended and cooperative launches, occupancy, events,
// streams), as declarations; the kernel it launches is compiled as usual.
// Not a bug pattern.
// HOST-SIDE
// EXPECT: define dso_local void @_Z5scalePfif(
#include <cuda_runtime.h>

__global__ void scale(float *v, int n, float f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= f;
}

#define CHECK(x) do { if ((x) != cudaSuccess) return cudaGetLastError(); } while (0)

cudaError_t run_graph(float *v, int n, cudaStream_t s) {
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  scale<<<(n + 255) / 256, 256, 0, s>>>(v, n, 2.0f);
  CHECK(cudaStreamEndCapture(s, &graph));
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  CHECK(cudaGraphLaunch(exec, s));
  cudaGraphNode_t node;
  float f = 0.5f;
  void *args[] = {&v, &n, &f};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)scale;
  kp.gridDim = dim3((n + 255) / 256);
  kp.blockDim = dim3(256);
  kp.kernelParams = args;
  CHECK(cudaGraphAddKernelNode(&node, graph, nullptr, 0, &kp));
  cudaGraphExecUpdateResultInfo info;
  CHECK(cudaGraphExecUpdate(exec, graph, &info));
  CHECK(cudaGraphExecDestroy(exec));
  return cudaGraphDestroy(graph);
}

cudaError_t pools_and_ipc(int device, cudaStream_t s) {
  cudaMemPool_t pool;
  CHECK(cudaDeviceGetDefaultMemPool(&pool, device));
  unsigned long long threshold = ~0ull;
  CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
  float *buf;
  CHECK(cudaMallocAsync(&buf, 1024 * sizeof(float), s));
  CHECK(cudaMallocFromPoolAsync(&buf, 1024 * sizeof(float), pool, s));
  cudaIpcMemHandle_t handle;
  CHECK(cudaIpcGetMemHandle(&handle, buf));
  float *peer;
  CHECK(cudaIpcOpenMemHandle(&peer, handle, cudaIpcMemLazyEnablePeerAccess));
  CHECK(cudaIpcCloseMemHandle(peer));
  return cudaFreeAsync(buf, s);
}

cudaError_t launches(float *v, int n, cudaStream_t s) {
  cudaLaunchConfig_t config = {};
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeCooperative;
  attr[0].val.cooperative = 1;
  config.gridDim = dim3(4);
  config.blockDim = dim3(128);
  config.stream = s;
  config.attrs = attr;
  config.numAttrs = 1;
  CHECK(cudaLaunchKernelEx(&config, scale, v, n, 3.0f));
  float f = 1.0f;
  void *args[] = {&v, &n, &f};
  CHECK(cudaLaunchCooperativeKernel((void *)scale, dim3(4), dim3(128), args, 0, s));
  int blocks = 0, min_grid = 0, block = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, scale, 128, 0));
  CHECK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, scale));
  CHECK(cudaOccupancyMaxPotentialBlockSizeVariableSMem(
      &min_grid, &block, scale, [](int b) { return (size_t)b * 4; }));
  cudaEvent_t e;
  CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  CHECK(cudaEventRecordWithFlags(e, s, cudaEventRecordDefault));
  int prio;
  CHECK(cudaStreamGetPriority(s, &prio));
  cudaError_t err = cudaErrorMissingConfiguration;
  return err == cudaErrorApiFailureBase ? cudaErrorUnknown : cudaSuccess;
}
