// Pattern: a kernel written for the block shapes its program launches. Each
// block copies a tile of at most 128 elements (`threadIdx.x % 128`); the
// program launches it with 64 and 128 threads only, where every thread owns
// one slot. A block of more than 128 threads would make two threads write
// one slot: a launch the program never makes.
#include <cstdio>

__global__ void copy_tiles(const int *in, int *out) {
  unsigned slot = blockIdx.x * 128 + threadIdx.x % 128;
  out[slot] = in[blockIdx.x * blockDim.x + threadIdx.x];
}

int main() {
  int *in, *out;
  cudaMalloc(&in, 4096 * sizeof(int));
  cudaMalloc(&out, 4096 * sizeof(int));
  copy_tiles<<<8, 64>>>(in, out);
  copy_tiles<<<4, 128>>>(in, out);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
