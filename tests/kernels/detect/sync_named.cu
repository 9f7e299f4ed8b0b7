// Pattern: warp specialisation with named barriers (producer warps hand a
// shared-memory tile to consumer warps through `bar.arrive id, n` /
// `bar.sync id, n`, as pipelined GEMM and attention kernels do). Only the
// warps that take part in barrier `id` are ordered by it; barrier ids are
// independent of each other and of __syncthreads.
// named_pc: warp 0 produces, warp 1 consumes through barrier 1 (64 threads);
// warp 2 does unrelated work: clean.
// named_pc_outsider: warp 2 also reads the tile without taking part in the
// barrier: race with the producer's write.
// named_two: two producer/consumer pairs on barriers 1 and 2 (the intrinsic
// form, llvm.nvvm.barrier.sync.cnt): clean.
// named_two_cross: the consumer of pair 2 reads pair 1's tile, which only
// barrier 1 orders: race.
__device__ __forceinline__ void bar_arrive(unsigned id, unsigned n) {
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(n) : "memory");
}
__device__ __forceinline__ void bar_sync(unsigned id, unsigned n) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(n) : "memory");
}

__global__ void named_pc(const int *in, int *out) {
  __shared__ int tile[32];
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp == 0) {
    tile[lane] = in[lane] * 2;
    bar_arrive(1, 64);
  } else if (warp == 1) {
    bar_sync(1, 64);
    out[lane] = tile[31 - lane];
  } else {
    out[64 + lane] = in[lane] + 1;
  }
}

__global__ void named_pc_outsider(const int *in, int *out) {
  __shared__ int tile[32];
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp == 0) {
    tile[lane] = in[lane] * 2;
    bar_arrive(1, 64);
  } else if (warp == 1) {
    bar_sync(1, 64);
    out[lane] = tile[31 - lane];
  } else {
    out[64 + lane] = tile[lane] + 1;
  }
}

__global__ void named_two(const int *in, int *out) {
  __shared__ int a[32], b[32];
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp < 2) {
    if (warp == 0) a[lane] = in[lane];
    __nvvm_barrier_sync_cnt(1, 64);
    if (warp == 1) out[lane] = a[31 - lane];
  } else {
    if (warp == 2) b[lane] = in[32 + lane];
    __nvvm_barrier_sync_cnt(2, 64);
    if (warp == 3) out[32 + lane] = b[31 - lane];
  }
}

__global__ void named_two_cross(const int *in, int *out) {
  __shared__ int a[32], b[32];
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp < 2) {
    if (warp == 0) a[lane] = in[lane];
    __nvvm_barrier_sync_cnt(1, 64);
    if (warp == 1) out[lane] = a[31 - lane];
  } else {
    if (warp == 2) b[lane] = in[32 + lane];
    __nvvm_barrier_sync_cnt(2, 64);
    if (warp == 3) out[32 + lane] = b[31 - lane] + a[lane];
  }
}

// named_ring: a two-stage ring over one tile, barrier 1 "full" and barrier 2
// "empty" written as literal PTX: the producer refills only after the
// consumer has read: clean.
// named_ring_early: the consumer signals "empty" before it reads the tile:
// race between its read and the producer's next refill.
__global__ void named_ring(const int *in, int *out) {
  __shared__ int tile[32];
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int acc = 0;
  for (int i = 0; i < 4; i++) {
    if (warp == 0) {
      tile[lane] = in[i * 32 + lane];
      asm volatile("bar.arrive 1, 64;" ::: "memory");
      asm volatile("bar.sync 2, 64;" ::: "memory");
    } else {
      asm volatile("bar.sync 1, 64;" ::: "memory");
      acc += tile[31 - lane];
      asm volatile("bar.arrive 2, 64;" ::: "memory");
    }
  }
  if (warp == 1) out[blockIdx.x * 32 + lane] = acc;
}

__global__ void named_ring_early(const int *in, int *out) {
  __shared__ int tile[32];
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int acc = 0;
  for (int i = 0; i < 4; i++) {
    if (warp == 0) {
      tile[lane] = in[i * 32 + lane];
      asm volatile("bar.arrive 1, 64;" ::: "memory");
      asm volatile("bar.sync 2, 64;" ::: "memory");
    } else {
      asm volatile("bar.sync 1, 64;" ::: "memory");
      asm volatile("bar.arrive 2, 64;" ::: "memory");
      acc += tile[31 - lane];
    }
  }
  if (warp == 1) out[blockIdx.x * 32 + lane] = acc;
}

// named_bad_id: the barrier id comes from memory and is out of range (PTX
// allows 0..15): the launch stops with an error naming it.
__global__ void named_bad_id(const int *in, int *out) {
  bar_sync(in[0], 64);
  out[threadIdx.x] = 1;
}

//@ run kernel=named_pc grid=1 block=96
//@ arg i32[32]=iota
//@ arg i32[96]
//@ expect none
//@ run kernel=named_pc grid=1 block=96 its
//@ arg i32[32]=iota
//@ arg i32[96]
//@ expect none
//@ run kernel=named_pc_outsider grid=1 block=96
//@ arg i32[32]=iota
//@ arg i32[96]
//@ expect race shared rw 39 45
//@ run kernel=named_pc_outsider grid=1 block=96 its
//@ arg i32[32]=iota
//@ arg i32[96]
//@ expect race shared rw 39 45
//@ run kernel=named_two grid=1 block=128
//@ arg i32[64]=iota
//@ arg i32[64]
//@ expect none
//@ run kernel=named_two grid=1 block=128 its
//@ arg i32[64]=iota
//@ arg i32[64]
//@ expect none
//@ run kernel=named_two_cross grid=1 block=128
//@ arg i32[64]=iota
//@ arg i32[64]
//@ expect race shared rw 67 73
//@ run kernel=named_two_cross grid=1 block=128 its
//@ arg i32[64]=iota
//@ arg i32[64]
//@ expect race shared rw 67 73
//@ run kernel=named_ring grid=2 block=64
//@ arg i32[128]=iota
//@ arg i32[64]
//@ expect none
//@ run kernel=named_ring grid=2 block=64 its
//@ arg i32[128]=iota
//@ arg i32[64]
//@ expect none
//@ run kernel=named_ring_early grid=2 block=64
//@ arg i32[128]=iota
//@ arg i32[64]
//@ expect race shared rw 106 112
//@ run kernel=named_ring_early grid=2 block=64 its
//@ arg i32[128]=iota
//@ arg i32[64]
//@ expect race shared rw 106 112

// named_stuck: barrier 1 waits for 96 threads but warp 2 has returned: the
// real kernel hangs; reported as barrier divergence at the barrier (only: a
// divergent barrier is never also called redundant).
__global__ void named_stuck(const int *in, int *out) {
  if (threadIdx.x >= 64) return;
  asm volatile("bar.sync 1, 96;" ::: "memory");
  out[threadIdx.x] = in[threadIdx.x];
}
//@ run kernel=named_stuck grid=1 block=96
//@ arg i32[96]
//@ arg i32[96]
//@ expect divergence 179
