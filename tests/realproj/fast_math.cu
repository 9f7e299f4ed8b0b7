// A project that builds its kernels with -ffast-math and says so in its
// sources (clean kernel: each thread scales its own element).
#ifndef __FAST_MATH__
#error "build with -ffast-math (the project's CMAKE_CUDA_FLAGS)"
#endif

__global__ void inv_scale(float *v, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i] / s;
}
