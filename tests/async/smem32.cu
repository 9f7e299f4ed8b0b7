// Async-copy tests (tests/async.cmake): shared memory addressed with 32-bit
// shared-window addresses, as CUTLASS and CUB write it: the address of a
// __shared__ element converted with __cvta_generic_to_shared, truncated to
// 32 bits and passed to inline PTX as an "r" operand.
//
// tile_sum32: a tiled row sum whose tiles of `in` are staged in shared
// memory by 16-byte cp.async copies, double-buffered, every thread copying
// one float4 and reading its neighbour's element with ld.shared.
// out[b * 64 + j] = sum over tiles t of in[(b * ntiles + t) * 64 + j] * (t + 1).
#include <stdint.h>

#define TILE 64

__device__ __forceinline__ uint32_t smem_u32(const void *p) {
  return (uint32_t)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void cp_async_16(uint32_t dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(src));
}
__device__ __forceinline__ void cp_async_fence() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N> __device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}
__device__ __forceinline__ float lds_f32(uint32_t a) {
  float v;
  asm volatile("ld.shared.f32 %0, [%1];\n" : "=f"(v) : "r"(a));
  return v;
}

// correct: the copy of tile t+1 is in flight while tile t is read; the
// wait_group 1 and the barrier come before the read, a barrier before the
// buffer is refilled
__global__ void tile_sum32(const float *in, float *out, int ntiles) {
  __shared__ __align__(16) float buf[2][TILE];
  int j = threadIdx.x; // 16 threads, 4 floats each
  const float *base = in + (size_t)blockIdx.x * ntiles * TILE;
  uint32_t s0 = smem_u32(&buf[0][0]), s1 = smem_u32(&buf[1][0]);
  float acc[4] = {0, 0, 0, 0};
  cp_async_16(s0 + 16 * j, base + 4 * j);
  cp_async_fence();
  for (int t = 0; t < ntiles; t++) {
    uint32_t cur = (t & 1) ? s1 : s0, nxt = (t & 1) ? s0 : s1;
    if (t + 1 < ntiles) cp_async_16(nxt + 16 * j, base + (t + 1) * TILE + 4 * j);
    cp_async_fence();
    cp_async_wait<1>();
    __syncthreads();
    for (int k = 0; k < 4; k++)
      acc[k] += lds_f32(cur + 4 * ((4 * j + 4 + k) % TILE)) * (float)(t + 1);
    __syncthreads();
  }
  for (int k = 0; k < 4; k++) out[blockIdx.x * TILE + (4 * j + 4 + k) % TILE] = acc[k];
}

// the bug: the wait moved after the use. A thread reads its neighbour's
// float4 of tile t while the neighbour's copy may still be in flight (the
// double-buffering mistake of pipelined kernels)
__global__ void tile_sum32_late_wait(const float *in, float *out, int ntiles) {
  __shared__ __align__(16) float buf[2][TILE];
  int j = threadIdx.x;
  const float *base = in + (size_t)blockIdx.x * ntiles * TILE;
  uint32_t s0 = smem_u32(&buf[0][0]), s1 = smem_u32(&buf[1][0]);
  float acc[4] = {0, 0, 0, 0};
  cp_async_16(s0 + 16 * j, base + 4 * j);
  cp_async_fence();
  for (int t = 0; t < ntiles; t++) {
    uint32_t cur = (t & 1) ? s1 : s0, nxt = (t & 1) ? s0 : s1;
    if (t + 1 < ntiles) cp_async_16(nxt + 16 * j, base + (t + 1) * TILE + 4 * j);
    cp_async_fence();
    for (int k = 0; k < 4; k++)
      acc[k] += lds_f32(cur + 4 * ((4 * j + 4 + k) % TILE)) * (float)(t + 1);
    cp_async_wait<1>();
    __syncthreads();
  }
  for (int k = 0; k < 4; k++) out[blockIdx.x * TILE + (4 * j + 4 + k) % TILE] = acc[k];
}

// ring32: an mbarrier pipeline with 32-bit addresses: warp 0 produces one
// slot of 32 ints per step (st.shared) into a ring of two slots, warp 1
// consumes it (ld.shared); full[s] and empty[s] are mbarriers addressed as
// "r" operands, arrived on as CUTLASS's ClusterBarrier does. out[lane] = sum
// over i < n of in[i * 32 + lane] + 1.
__device__ __forceinline__ void mb_init32(uint32_t b, unsigned n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(b), "r"(n) : "memory");
}
__device__ __forceinline__ void mb_arrive32(uint32_t b) {
  asm volatile("{\n\t.reg .b64 st;\n\tmbarrier.arrive.shared::cta.b64 st, [%0];\n\t}" ::"r"(b) : "memory");
}
__device__ __forceinline__ void mb_wait32(uint32_t b, unsigned parity) {
  asm volatile("{\n\t.reg .pred P1;\n\tLAB_WAIT:\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n\t"
               "@P1 bra DONE;\n\tbra LAB_WAIT;\n\tDONE:\n\t}" ::"r"(b), "r"(parity) : "memory");
}
__device__ __forceinline__ void sts_s32(uint32_t a, int v) {
  asm volatile("st.shared.s32 [%0], %1;" ::"r"(a), "r"(v) : "memory");
}
__device__ __forceinline__ int lds_s32(uint32_t a) {
  int v;
  asm volatile("ld.shared.s32 %0, [%1];" : "=r"(v) : "r"(a) : "memory");
  return v;
}

// early >= 0: the consumer reads slot data before waiting in step `early`
__global__ void ring32(const int *in, int *out, int n, int early) {
  __shared__ __align__(8) unsigned long long full[2], empty[2];
  __shared__ int slot[2][32];
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  uint32_t f0 = smem_u32(&full[0]), e0 = smem_u32(&empty[0]), sl = smem_u32(&slot[0][0]);
  if (threadIdx.x == 0)
    for (int s = 0; s < 2; s++) {
      mb_init32(f0 + 8 * s, 32);
      mb_init32(e0 + 8 * s, 32);
    }
  __syncthreads();
  int acc = 0;
  for (int i = 0; i < n; i++) {
    int s = i & 1, k = i >> 1;
    uint32_t my = sl + 4 * (32 * s + lane);
    if (warp == 0) {
      if (k > 0) mb_wait32(e0 + 8 * s, (k - 1) & 1);
      sts_s32(my, in[i * 32 + lane] + 1);
      mb_arrive32(f0 + 8 * s);
    } else {
      int v = i == early ? lds_s32(my) : 0;
      mb_wait32(f0 + 8 * s, k & 1);
      acc += i == early ? v : lds_s32(my);
      mb_arrive32(e0 + 8 * s);
    }
  }
  if (warp == 1) out[lane] = acc;
}

// ldsm: a warp stages four 8x8 matrices of 16-bit values with st.shared.v4
// (element (i, r, c) = 64i + 8r + c) and loads them back with ldmatrix.x4,
// as the A-operand loads of tensor-core GEMMs do: lane t's register i holds
// elements (i, t/4, 2(t%4)) and (i, t/4, 2(t%4)+1) (with trans != 0, the
// transposed (i, 2(t%4), t/4) and (i, 2(t%4)+1, t/4)), low half first.
// out[4t + i] = register i of lane t.
__global__ void ldsm(unsigned *out, int trans) {
  __shared__ __align__(16) unsigned short tile[4][8][8];
  int t = threadIdx.x;
  unsigned w[4];
  for (int j = 0; j < 4; j++) w[j] = (unsigned)(8 * t + 2 * j) | (unsigned)(8 * t + 2 * j + 1) << 16;
  asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(smem_u32(&tile[0][0][0]) + 16 * t),
               "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3]) : "memory");
  __syncwarp();
  uint32_t row = smem_u32(&tile[t / 8][t % 8][0]);
  unsigned r[4];
  if (trans)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(row));
  else
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(row));
  for (int i = 0; i < 4; i++) out[4 * t + i] = r[i];
}

// mirror32: clang's sm_80 builtins (llvm.nvvm.cp.async.*, llvm.nvvm.mbarrier.*)
// on shared pointers made back from 32-bit window addresses, as code that
// keeps only the 32-bit address does: out[i] = in[blockDim.x - 1 - i].
#define SHARED32(T, a) ((__attribute__((address_space(3))) T *)(size_t)(a))
__global__ void mirror32(const int *in, int *out) {
  __shared__ int tile[256];
  __shared__ unsigned long long bar;
  int i = threadIdx.x;
  uint32_t b = smem_u32(&bar), s = smem_u32(&tile[i]);
  if (i == 0) __nvvm_mbarrier_init_shared(SHARED32(long, b), blockDim.x);
  __syncthreads();
  __nvvm_cp_async_ca_shared_global_4(SHARED32(void, s),
                                     (const __attribute__((address_space(1))) void *)&in[i]);
  __nvvm_cp_async_mbarrier_arrive_noinc_shared(SHARED32(long, b));
  while (!__nvvm_mbarrier_test_wait_shared(SHARED32(long, b), 0)) {
  }
  out[i] = tile[blockDim.x - 1 - i];
}

// stray32: 32-bit addresses are bounds-checked like pointers. mode 1: a
// read one element past the end of `tile` (an off-by-one tile loop); mode
// 2: a read of window address 0, which names no variable.
__global__ void stray32(int *out, int mode) {
  __shared__ int tile[32];
  int t = threadIdx.x;
  tile[t] = t;
  __syncthreads();
  uint32_t a = mode == 2 ? 0u : smem_u32(&tile[0]) + 4 * (t + (mode == 1 && t == 31));
  out[t] = lds_s32(a);
}

// bytes32: 8- and 16-bit shared accesses through 32-bit registers, as
// hand-written PTX stages bytes and halves: st.shared.u8/.u16 store the low
// bytes, ld.shared.s8 sign-extends, ld.shared.u16 zero-extends.
// out[t] = (signed char)(250 + (t ^ 1)) * 100000 + (unsigned short)(65530 + (t ^ 1)).
__global__ void bytes32(int *out) {
  __shared__ unsigned char b[32];
  __shared__ unsigned short h[32];
  int t = threadIdx.x, sb, uh;
  asm volatile("st.shared.u8 [%0], %1;" ::"r"(smem_u32(&b[t])), "r"(250 + t) : "memory");
  asm volatile("st.shared.u16 [%0], %1;" ::"r"(smem_u32(&h[t])), "r"(65530 + t) : "memory");
  __syncwarp();
  asm volatile("ld.shared.s8 %0, [%1];" : "=r"(sb) : "r"(smem_u32(&b[t ^ 1])) : "memory");
  asm volatile("ld.shared.u16 %0, [%1];" : "=r"(uh) : "r"(smem_u32(&h[t ^ 1])) : "memory");
  out[t] = sb * 100000 + uh;
}
