// Per-block column sums of a matrix stored in 64-wide tiles: each thread
// owns the partial of column threadIdx.x % 64. Bug pattern: a block-size
// assumption the kernel does not check (a block wider than the tile makes
// two threads add into one partial at once); the program makes its blocks
// two warps wide, from the device's warp size at run time, which no launch
// site shows as a constant.
#include <cstdio>
#include <vector>

__global__ void column_sums(const float *m, float *sums, int rows) {
  __shared__ float part[64];
  for (int j = threadIdx.x; j < 64; j += blockDim.x) part[j] = 0.0f;
  __syncthreads();
  int c = threadIdx.x % 64;
  for (int r = 0; r < rows; ++r) part[c] += m[(blockIdx.x * rows + r) * 64 + c];
  __syncthreads();
  for (int j = threadIdx.x; j < 64; j += blockDim.x) sums[blockIdx.x * 64 + j] = part[j];
}

int main() {
  const int cols = 192, rows = 4;
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int width = 2 * prop.warpSize; // a tile is two warps wide
  int tiles = cols / width;
  std::vector<float> m(tiles * rows * 64);
  for (size_t i = 0; i < m.size(); ++i) m[i] = (float)(i % 5);
  float *dm, *ds;
  cudaMalloc(&dm, m.size() * sizeof(float));
  cudaMalloc(&ds, tiles * 64 * sizeof(float));
  cudaMemcpy(dm, m.data(), m.size() * sizeof(float), cudaMemcpyHostToDevice);
  column_sums<<<tiles, width>>>(dm, ds, rows);
  std::vector<float> s(tiles * 64);
  cudaMemcpy(s.data(), ds, s.size() * sizeof(float), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int t = 0; t < tiles; ++t)
    for (int c = 0; c < 64; ++c) {
      float want = 0;
      for (int r = 0; r < rows; ++r) want += m[(t * rows + r) * 64 + c];
      bad += s[t * 64 + c] != want;
    }
  printf("column sums: %s\n", bad ? "WRONG" : "right");
  cudaFree(dm);
  cudaFree(ds);
  return bad != 0;
}
