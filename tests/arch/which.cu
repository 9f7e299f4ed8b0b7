// --arch: the kernel sees the chosen target's __CUDA_ARCH__ (code guarded by
// the target, as in kernels with an sm_80 fast path). Pattern: none.
__global__ void which_arch(int *out) {
#if __CUDA_ARCH__ >= 800
  out[threadIdx.x] = __CUDA_ARCH__ * 10 + 1 + threadIdx.x;
#else
  out[threadIdx.x] = __CUDA_ARCH__ * 10 + threadIdx.x;
#endif
}
