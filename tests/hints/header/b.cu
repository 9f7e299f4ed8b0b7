// Bug pattern: a launch with a shape the kernel was not written for
// (flip_tiles<8> with blockDim.y = 16: threads y and y + 8 write the same
// tile element). Alone, a.cu's launches would make flip_tiles<8> look
// clean; the scan joins both files' launches, so its block is searched and
// the race is found. flip_tiles<4> is launched as in a.cu: still a hint.
#include "flip.cuh"

int main() {
  float *src, *dst;
  cudaMalloc(&src, 64 * 64 * sizeof(float));
  cudaMalloc(&dst, 64 * 64 * sizeof(float));
  flip_tiles<8><<<dim3(2, 2), dim3(TILE, 16)>>>(src, dst);
  flip_tiles<4><<<dim3(2, 2), dim3(TILE, 4)>>>(src, dst);
  return cudaDeviceSynchronize() != cudaSuccess;
}
