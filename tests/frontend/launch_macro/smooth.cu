// Kernels launched through a header macro with spaced chevrons.
// Bug pattern (smooth_racy): neighbours read before every thread has
// written its slot (no barrier between).
#include "device_utils.h"

__global__ void smooth_racy(float *x) {
  __shared__ float s[BLOCK_THREADS];
  s[threadIdx.x] = x[threadIdx.x];
  x[threadIdx.x] = 0.5f * (s[threadIdx.x] + s[(threadIdx.x + 1) % BLOCK_THREADS]);
}

void smooth(float *x) { KERNEL_LAUNCH(smooth_racy, x); }
