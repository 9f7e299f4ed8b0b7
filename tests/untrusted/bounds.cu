// Kernels that ask the interpreter for unbounded resources.
//  - wait_for_flag: a spin-wait on a flag no thread ever sets (the bug
//    pattern: a producer that was never launched); it never finishes, so only
//    the wall-clock limit ends it.
//  (huge_tile, a 1 GiB static __shared__ tile, is in big_shared.cu: the
//  static shared size of a module counts for all its kernels.)
//  - stack_user: a per-thread local array, for the memory limit of stacks.

__global__ void wait_for_flag(volatile int *flag, int *out) {
  while (flag[0] == 0) {
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

__global__ void stack_user(int *out, int n) {
  volatile int scratch[256];
  for (int i = 0; i < 256; i++) scratch[i] = i * n;
  out[threadIdx.x] = scratch[(threadIdx.x + n) & 255];
}
