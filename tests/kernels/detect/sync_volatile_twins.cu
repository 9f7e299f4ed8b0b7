// `volatile` is not synchronisation: the volatile twins of the racy kernels
// of sync_lock.cu, sync_mp.cu and sync_handoff.cu, and of their clean idioms.
// A volatile access keeps the compiler from caching; it neither orders nor
// makes atomic, so volatile data is plain for the race rules. Only where the
// volatile access is the synchronisation (the flag store right after a
// fence, the spin-wait read, a read right before a fence) it stays a relaxed
// access of system scope, which the fences make release and acquire.
// Clean: vlock_sum (spin lock with fences around volatile data),
// vlast_block_sum (last-block reduction with __threadfence, volatile
// partials), vmp_data (message passing of volatile data through a volatile
// flag). Racy: vnolock_sum (the lock is missing around the volatile data),
// vowner (two blocks store their id to one volatile word), vlock_sum_block
// (a block-scoped lock shared by all blocks), vlast_block_nofence (no fence
// before the ticket), vmp_narrow (the producer's fence is of block scope).
__device__ int vmutex = 0;
__device__ int vmutex_b = 0;
__device__ unsigned int vtickets = 0;
__device__ unsigned int vtickets2 = 0;

__global__ void vlock_sum(volatile int *total, const int *vals) {
  if (threadIdx.x == 0) {
    while (atomicCAS(&vmutex, 0, 1) != 0) {
    }
    __threadfence();
    *total += vals[blockIdx.x];
    __threadfence();
    atomicExch(&vmutex, 0);
  }
}

__global__ void vnolock_sum(volatile int *total, const int *vals) {
  if (threadIdx.x == 0) *total += vals[blockIdx.x];
}

__global__ void vowner(volatile int *owner) {
  if (threadIdx.x == 0) *owner = (int)blockIdx.x;
}

__global__ void vlock_sum_block(volatile int *total, const int *vals) {
  if (threadIdx.x == 0) {
    while (atomicCAS_block(&vmutex_b, 0, 1) != 0) {
    }
    __threadfence();
    *total += vals[blockIdx.x];
    __threadfence();
    atomicExch_block(&vmutex_b, 0);
  }
}

template <bool Fence>
__device__ void last_block(const int *in, volatile int *partial, int *out, unsigned int *ticket) {
  __shared__ int s[64];
  __shared__ bool last;
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (unsigned i = 0; i < blockDim.x; i++) sum += s[i];
    partial[blockIdx.x] = sum;
    if (Fence) __threadfence();
    unsigned int t = atomicInc(ticket, gridDim.x);
    last = t == gridDim.x - 1;
    __threadfence();
  }
  __syncthreads();
  if (last && threadIdx.x == 0) {
    int total = 0;
    for (unsigned b = 0; b < gridDim.x; b++) total += partial[b];
    out[0] = total;
  }
}
__global__ void vlast_block_sum(const int *in, volatile int *partial, int *out) {
  last_block<true>(in, partial, out, &vtickets);
}
__global__ void vlast_block_nofence(const int *in, volatile int *partial, int *out) {
  last_block<false>(in, partial, out, &vtickets2);
}

__global__ void vmp_data(volatile int *data, volatile int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    data[1] = 43;
    __threadfence();
    *flag = 1;
  } else {
    while (*flag == 0) {
    }
    __threadfence();
    out[0] = data[0] + data[1];
  }
}

__global__ void vmp_narrow(volatile int *data, volatile int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    __threadfence_block();
    *flag = 1;
  } else {
    while (*flag == 0) {
    }
    __threadfence();
    out[0] = data[0];
  }
}
//@ run kernel=vlock_sum grid=3 block=32
//@ arg i32[1]
//@ arg i32[3]=iota
//@ expect none
//@ run kernel=vnolock_sum grid=3 block=32
//@ arg i32[1]
//@ arg i32[3]=iota
//@ expect race global rw 32 32
//@ expect race global ww 32 32
//@ run kernel=vowner grid=2 block=32
//@ arg i32[1]
//@ expect race global ww 36 36
//@ run kernel=vlock_sum_block grid=3 block=32
//@ arg i32[1]
//@ arg i32[3]=iota
//@ expect race global rw 44 44
//@ expect race global ww 44 44
//@ expect race global ww 41 46
//@ expect race global ww 46 46
//@ run kernel=vlast_block_sum grid=3 block=64
//@ arg i32[192]=1
//@ arg i32[3]
//@ arg i32[1]
//@ expect none
//@ run kernel=vlast_block_sum grid=3 block=64 its
//@ arg i32[192]=1
//@ arg i32[3]
//@ arg i32[1]
//@ expect none
//@ run kernel=vlast_block_nofence grid=3 block=64
//@ arg i32[192]=1
//@ arg i32[3]
//@ arg i32[1]
//@ expect race global rw 59 68
//@ run kernel=vmp_data grid=2 block=32
//@ arg i32[2]
//@ arg i32[1]
//@ arg i32[1]
//@ expect none
//@ run kernel=vmp_data grid=2 block=32 its
//@ arg i32[2]
//@ arg i32[1]
//@ arg i32[1]
//@ expect none
//@ run kernel=vmp_narrow grid=2 block=32
//@ arg i32[2]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 97 104
