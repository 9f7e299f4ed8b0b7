// A fast path behind __CUDA_ARCH__ (as kernels tuned per target have): only
// the sm_86+ branch publishes the block's count through one unguarded store
// by every thread. Pattern: write-write race on a global flag, compiled in
// only for the newer target, so only a scan with that target can find it.
__global__ void count_hits(const int *in, int *hits, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
#if __CUDA_ARCH__ >= 860
  if (in[i] >= 0) hits[0] = threadIdx.x;
#else
  if (in[i] >= 0) atomicAdd(hits, 1);
#endif
}
