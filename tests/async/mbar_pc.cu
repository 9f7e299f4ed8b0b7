// Async-copy tests (tests/async.cmake): a producer/consumer pipeline across
// two warps of a block over a ring of two shared slots, synchronised by
// mbarriers written in inline PTX as hand-tuned (CUTLASS-style) kernels do:
// full[s] completes when the 32 producer lanes filled slot s, empty[s] when
// the 32 consumer lanes drained it. out[lane] = sum over i of 2 * in[i * 32
// + lane].
#define LANES 32

__device__ __forceinline__ void mb_init(unsigned long long *b, unsigned n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"l"(b), "r"(n) : "memory");
}
__device__ __forceinline__ void mb_arrive(unsigned long long *b) {
  asm volatile("mbarrier.arrive.release.cta.shared::cta.b64 _, [%0];" ::"l"(b) : "memory");
}
// waits for the phase of parity `parity` (a loop around try_wait, spelled
// at each use so that a report names the waiting line)
#define MB_WAIT(b, parity)                                                     \
  do {                                                                         \
    unsigned done_ = 0;                                                        \
    while (!done_)                                                             \
      asm volatile("{\n\t.reg .pred p;\n\t"                                     \
                   "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t" \
                   "selp.b32 %0, 1, 0, p;\n\t}"                                \
                   : "=r"(done_) : "l"(b), "r"(parity) : "memory");            \
  } while (0)

// `skip` >= 0: consumer lane 0 forgets to release slot 0 in iteration
// `skip` (a missing arrive: the producer waits for that phase forever)
__global__ void ring(const int *in, int *out, int n, int skip) {
  __shared__ unsigned long long full[2], empty[2];
  __shared__ int slot[2][LANES];
  int lane = threadIdx.x % LANES, warp = threadIdx.x / LANES;
  if (threadIdx.x == 0)
    for (int s = 0; s < 2; s++) {
      mb_init(&full[s], LANES);
      mb_init(&empty[s], LANES);
    }
  __syncthreads();
  int acc = 0;
  for (int i = 0; i < n; i++) {
    int s = i & 1, k = i >> 1;
    if (warp == 0) {
      if (k > 0) MB_WAIT(&empty[s], (k - 1) & 1);
      slot[s][lane] = 2 * in[i * LANES + lane];
      mb_arrive(&full[s]);
    } else {
      MB_WAIT(&full[s], k & 1);
      acc += slot[s][lane];
      if (!(i == skip && lane == 0)) mb_arrive(&empty[s]);
    }
  }
  if (warp == 1) out[lane] = acc;
}


// a bulk copy (cp.async.bulk, sm_90) of a block's 64 values into shared
// memory, its bytes counted by the mbarrier's transaction count; every
// thread waits for the phase. out[b * 64 + t] = in[b * 64 + 63 - t] + 1.
__global__ void bulk_stage(const int *in, int *out) {
  __shared__ __align__(16) int tile[64];
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0) mb_init(&bar, 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"l"(&bar), "r"(256u)
                 : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 ::"l"(tile), "l"(in + blockIdx.x * 64), "r"(256u), "l"(&bar) : "memory");
  }
  MB_WAIT(&bar, 0);
  out[blockIdx.x * 64 + threadIdx.x] = tile[63 - threadIdx.x] + 1;
}

// the bug: the consumer reads the slot before waiting for it to be full
__global__ void ring_early_read(const int *in, int *out, int n) {
  __shared__ unsigned long long full[2], empty[2];
  __shared__ int slot[2][LANES];
  int lane = threadIdx.x % LANES, warp = threadIdx.x / LANES;
  if (threadIdx.x == 0)
    for (int s = 0; s < 2; s++) {
      mb_init(&full[s], LANES);
      mb_init(&empty[s], LANES);
    }
  __syncthreads();
  int acc = 0;
  for (int i = 0; i < n; i++) {
    int s = i & 1, k = i >> 1;
    if (warp == 0) {
      if (k > 0) MB_WAIT(&empty[s], (k - 1) & 1);
      slot[s][lane] = 2 * in[i * LANES + lane];
      mb_arrive(&full[s]);
    } else {
      int v = slot[s][lane];
      MB_WAIT(&full[s], k & 1);
      acc += v;
      mb_arrive(&empty[s]);
    }
  }
  if (warp == 1) out[lane] = acc;
}
