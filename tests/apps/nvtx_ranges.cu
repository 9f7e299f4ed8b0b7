// A program annotated with NVTX as profiled code is (nested ranges around
// its phases, a domain of its own, named streams, marks): the annotations
// link and run, push and pop return the levels NVTX specifies, range ids
// are distinct, and the kernels' results are right.
#include <nvToolsExt.h>
#include <nvToolsExtCudaRt.h>
#include <cstdio>

__global__ void scale(float *v, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= s;
}

int main() {
  const int n = 300;
  float h[n], *d;
  for (int i = 0; i < n; i++) h[i] = (float)i;
  cudaStream_t s;
  cudaStreamCreate(&s);
  nvtxNameCudaStreamA(s, "work");
  int l0 = nvtxRangePushA("setup");
  cudaMalloc(&d, sizeof h);
  cudaMemcpyAsync(d, h, sizeof h, cudaMemcpyHostToDevice, s);
  int l1 = nvtxRangePushA("kernels");
  nvtxMarkA("launching");
  nvtxRangeId_t r1 = nvtxRangeStartA("scale twice"), r2 = nvtxRangeStartA("again");
  scale<<<(n + 127) / 128, 128, 0, s>>>(d, 2.0f, n);
  scale<<<(n + 127) / 128, 128, 0, s>>>(d, 0.5f, n);
  nvtxRangeEnd(r2);
  nvtxRangeEnd(r1);
  int p1 = nvtxRangePop(), p0 = nvtxRangePop(), extra = nvtxRangePop();
  nvtxDomainHandle_t dom = nvtxDomainCreateA("app");
  nvtxEventAttributes_t at = {};
  at.version = NVTX_VERSION;
  at.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  at.messageType = NVTX_MESSAGE_TYPE_ASCII;
  at.message.ascii = "copy back";
  int dl = nvtxDomainRangePushEx(dom, &at);
  cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  int dp = nvtxDomainRangePop(dom);
  nvtxDomainDestroy(dom);
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += h[i] != (float)i;
  printf("nvtx: push levels %d %d, pops %d %d %d, domain %d %d, ids %s, %d wrong\n", l0, l1, p1, p0,
         extra, dl, dp, r1 != r2 && r1 && r2 ? "distinct" : "same", wrong);
  return wrong != 0;
}
