// __nvvm_reflect("__CUDA_ARCH"), as libdevice-style code asks at -O0: the
// answer is the --arch target. Pattern: none.
__global__ void reflect_arch(unsigned *out) { out[threadIdx.x] = __nvvm_reflect("__CUDA_ARCH"); }
