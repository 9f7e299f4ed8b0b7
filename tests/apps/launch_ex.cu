// cudaLaunchKernelEx with a cluster dimension attribute (a grid that is not
// a multiple of the cluster is cudaErrorInvalidConfiguration), and a 3-D
// pitched round trip (cudaMalloc3D, cudaMemset3D, cudaMemcpy3D). Exit 0 when
// every check holds.
#include <cstdio>

__global__ void mark(int *out, int add) { out[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.x + add; }

int main() {
  int fails = 0, *d, h[8 * 32];
  cudaMalloc(&d, sizeof h);
  cudaLaunchConfig_t cfg = {};
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = 2;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  cfg.gridDim = dim3(8);
  cfg.blockDim = dim3(32);
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  cudaError_t e = cudaLaunchKernelEx(&cfg, mark, d, 10);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < 8 * 32; i++) wrong += h[i] != i / 32 + 10;
  printf("cluster launch: %s, %d wrong\n", cudaGetErrorName(e), wrong);
  fails += e != cudaSuccess || wrong;
  cfg.gridDim = dim3(7);
  e = cudaLaunchKernelEx(&cfg, mark, d, 0);
  printf("grid 7, cluster 2: %s\n", cudaGetErrorName(e));
  fails += e != cudaErrorInvalidConfiguration;
  cudaGetLastError();

  const int W = 5, H = 3, D = 2; // ints
  cudaExtent ext = make_cudaExtent(W * sizeof(int), H, D);
  cudaPitchedPtr p;
  cudaMalloc3D(&p, ext);
  cudaMemset3D(p, 0, ext);
  int src[D][H][W], back[D][H][W];
  for (int z = 0; z < D; z++)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) src[z][y][x] = 100 * z + 10 * y + x;
  cudaMemcpy3DParms up = {};
  up.srcPtr = make_cudaPitchedPtr(src, W * sizeof(int), W, H);
  up.dstPtr = p;
  up.extent = ext;
  up.kind = cudaMemcpyHostToDevice;
  cudaError_t e1 = cudaMemcpy3D(&up);
  cudaMemcpy3DParms down = {};
  down.srcPtr = p;
  down.dstPtr = make_cudaPitchedPtr(back, W * sizeof(int), W, H);
  down.extent = ext;
  down.kind = cudaMemcpyDeviceToHost;
  cudaError_t e2 = cudaMemcpy3D(&down);
  wrong = 0;
  for (int z = 0; z < D; z++)
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) wrong += back[z][y][x] != src[z][y][x];
  printf("3-D copy (pitch %zu): %s %s, %d wrong\n", p.pitch, cudaGetErrorName(e1),
         cudaGetErrorName(e2), wrong);
  fails += e1 || e2 || wrong || p.pitch < W * sizeof(int);
  return fails != 0;
}
