// Leave-one-out tile sums (each element gets the sum of the others of its
// tile) with the project's vendored CUB (third_party/cub, newer
// than the system's). Bug pattern: the temporary storage is reused for the
// next tile without a __syncthreads() (CUB's documented requirement): the
// slot the reduction's result is read from is overwritten by a faster
// thread (a data race inside the library's code, caused by the caller).
#include <cub/cub.cuh>

static_assert(CUB_MAJOR_VERSION >= 2, "this project needs its own CUB 2.x (third_party/cub)");

constexpr int kBlock = 128;

__global__ void tile_sums(const int *in, int *out, int tiles, int n) {
  using Reduce = cub::BlockReduce<int, kBlock>;
  __shared__ typename Reduce::TempStorage temp;
  for (int t = 0; t < tiles; ++t) {
    int i = (blockIdx.x * tiles + t) * kBlock + threadIdx.x;
    int v = i < n ? in[i] : 0;
    int sum = Reduce(temp).Sum(v);
    if (i < n) out[i] = sum - v;
  }
}

int main() {
  const int tiles = 4, blocks = 8, n = tiles * blocks * kBlock;
  int *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  tile_sums<<<blocks, kBlock>>>(in, out, tiles, n);
  cudaDeviceSynchronize();
  return 0;
}
