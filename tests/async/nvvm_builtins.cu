// Async-copy tests (tests/async.cmake): the NVVM intrinsics behind clang's
// sm_80 builtins (llvm.nvvm.cp.async.*, llvm.nvvm.mbarrier.*), compiled with
// --arch sm_80. Each warp stages its 32 values through shared memory with
// 4-byte cp.async copies, the block's mbarrier tracks them (cp.async.
// mbarrier.arrive.noinc counts as the thread's arrival), and every thread
// then reads its mirror element: out[i] = in[blockDim.x - 1 - i] + the
// pending count an arrive saw at the end (0: the last of an empty phase).
#define SHARED(T, p) ((__attribute__((address_space(3))) T *)(p))
#define GLOBAL(T, p) ((const __attribute__((address_space(1))) T *)(p))

__global__ void mirror(const int *in, int *out) {
  __shared__ int tile[256];
  __shared__ unsigned long long bar, one;
  int i = threadIdx.x;
  if (i == 0) {
    __nvvm_mbarrier_init_shared(SHARED(long, &bar), blockDim.x);
    __nvvm_mbarrier_init_shared(SHARED(long, &one), 1);
  }
  __syncthreads();
  __nvvm_cp_async_ca_shared_global_4(SHARED(void, &tile[i]), GLOBAL(void, &in[i]));
  __nvvm_cp_async_mbarrier_arrive_noinc_shared(SHARED(long, &bar));
  long long tok = 0;
  // the phase completes when every thread's copies landed
  while (!__nvvm_mbarrier_test_wait_shared(SHARED(long, &bar), tok)) {
  }
  out[i] = tile[blockDim.x - 1 - i];
  if (i == 0) out[0] += __nvvm_mbarrier_pending_count(__nvvm_mbarrier_arrive_shared(SHARED(long, &one)));
}
