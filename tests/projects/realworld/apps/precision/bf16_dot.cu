// bf16 inputs, f32 accumulation in shared memory, 128 threads (4 warps).
// Bug pattern: the tree reduction reads the partner's slot without a
// barrier between the steps (data race: at s = 32, warp 0 reads the slots
// warp 1 wrote at s = 64).
#include <cuda_bf16.h>

__global__ void dot_bf16(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *out) {
  __shared__ float part[128];
  int t = threadIdx.x;
  part[t] = __bfloat162float(a[t]) * __bfloat162float(b[t]);
  __syncthreads();
  for (int s = 64; s > 0; s >>= 1) {
    if (t < s) part[t] += part[t + s];
    // missing __syncthreads()
  }
  if (t == 0) *out = part[0];
}

void launch_dot(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *out) {
  dot_bf16<<<1, 128>>>(a, b, out);
}
