// bf16 inputs, f32 accumulation in shared memory.
// Bug pattern: the tree reduction reads the partner's slot without a
// barrier between the steps (data race).
#include <cuda_bf16.h>

__global__ void dot_bf16(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *out) {
  __shared__ float part[64];
  int t = threadIdx.x;
  part[t] = __bfloat162float(a[t]) * __bfloat162float(b[t]);
  __syncthreads();
  for (int s = 32; s > 0; s >>= 1) {
    if (t < s) part[t] += part[t + s];
    // missing __syncthreads()
  }
  if (t == 0) *out = part[0];
}

void launch_dot(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *out) {
  dot_bf16<<<1, 64>>>(a, b, out);
}
