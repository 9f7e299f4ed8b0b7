// Pattern: lost update. The leader lane of every warp adds its warp's
// contribution to one global counter with a plain read-modify-write
// (`*total += v`) where atomicAdd was meant: when two warps interleave, both
// read the old total and one addition is lost.
__global__ void warp_totals(const int *in, int *total) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x % 32 == 0) *total += v;
}
