// Host code with the CUDA graphs API (stream capture, instantiate, launch)
// and stream-ordered allocation. Clean kernel.
#include <cuda_runtime.h>

__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += a * x[i];
}

void run_graph(const float *x, float *y, int n, cudaStream_t s) {
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  float *tmp = nullptr;
  cudaMallocAsync((void **)&tmp, n * sizeof(float), s);
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  axpy<<<(n + 127) / 128, 128, 0, s>>>(2.0f, x, y, n);
  cudaStreamEndCapture(s, &graph);
  cudaGraphInstantiate(&exec, graph, 0); // CUDA 12 form
  cudaGraphLaunch(exec, s);
  cudaFreeAsync(tmp, s);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
}
