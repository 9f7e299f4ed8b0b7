// Stream compaction with a warp-aggregated atomic, instrumented the way
// profiling-minded kernels are: the PTX special registers read in inline asm
// with nvcc's single '%' spelling (%globaltimer, %clock64, %smid,
// %lanemask_lt), which clang alone refuses. The kept values must equal the
// host's, in any order; the timers must not run backwards.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>

__device__ __forceinline__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
  return t;
}
__device__ __forceinline__ unsigned lanes_below() {
  unsigned m;
  asm("mov.u32 %0, %lanemask_lt;" : "=r"(m));
  return m;
}

__global__ void keep_positive(const int *in, int n, int *out, int *count,
                              unsigned long long *ticks, unsigned *sm) {
  unsigned long long t0 = global_ns(), c0;
  asm volatile("mov.u64 %0, %clock64;" : "=l"(c0));
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool keep = i < n && in[i] > 0;
  unsigned votes = __ballot_sync(0xffffffffu, keep);
  int leader = __ffs(votes) - 1, base = 0;
  if (votes && (threadIdx.x & 31) == (unsigned)leader) base = atomicAdd(count, __popc(votes));
  base = __shfl_sync(0xffffffffu, base, leader < 0 ? 0 : leader);
  if (keep) out[base + __popc(votes & lanes_below())] = in[i];
  unsigned long long c1, t1 = global_ns();
  asm volatile("mov.u64 %0, %clock64;" : "=l"(c1));
  if (i < n) ticks[i] = (t1 >= t0 && c1 >= c0) ? 1 : 0;
  if (threadIdx.x == 0) asm("mov.u32 %0, %smid;" : "=r"(sm[blockIdx.x]));
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = (i * 7919) % 13 - 6;
  int *d_in, *d_out, *d_count;
  unsigned long long *d_ticks;
  unsigned *d_sm;
  int blocks = (n + 127) / 128;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMalloc(&d_count, sizeof(int));
  cudaMalloc(&d_ticks, n * sizeof(unsigned long long));
  cudaMalloc(&d_sm, blocks * sizeof(unsigned));
  cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(d_count, 0, sizeof(int));
  keep_positive<<<blocks, 128>>>(d_in, n, d_out, d_count, d_ticks, d_sm);
  int count = 0;
  cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost);
  std::vector<int> out(count > 0 && count <= n ? count : 0);
  cudaMemcpy(out.data(), d_out, out.size() * sizeof(int), cudaMemcpyDeviceToHost);
  std::vector<unsigned long long> ticks(n);
  cudaMemcpy(ticks.data(), d_ticks, n * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
  std::vector<int> ref;
  for (int v : in)
    if (v > 0) ref.push_back(v);
  std::sort(out.begin(), out.end());
  std::sort(ref.begin(), ref.end());
  int backwards = 0;
  for (unsigned long long t : ticks) backwards += t != 1;
  printf("kept %d of %d: %s, timers backwards: %d\n", count, n, out == ref ? "right" : "WRONG",
         backwards);
  return out == ref && !backwards ? 0 : 1;
}
