#include <cuda_bf16.h>
// Pattern (race-free): every thread accumulates its pair of bfloat16 values
// into a few shared sums with atomicAdd(__nv_bfloat162 *), the way a
// mixed-precision reduction folds partial results. The atomic is a
// compare-and-swap loop in the CUDA headers; its first read of the word is
// an atomic load too, so concurrent atomicAdds never race. auto mode must
// report nothing.
__global__ void bf16_accumulate(const __nv_bfloat162 *in, __nv_bfloat162 *sums, int n, int nsums) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && nsums > 0) atomicAdd(&sums[i % nsums], in[i]);
}

//@ auto kernel=bf16_accumulate
//@ expect none
