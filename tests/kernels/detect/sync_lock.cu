// Pattern: a device-wide spin lock, one thread per block (CUDA forums'
// classic): atomicCAS to take it, __threadfence after taking and before
// giving it back, atomicExch to release. lock_sum: clean. lock_sum_block:
// the lock is built from atomicCAS_block/atomicExch_block, atomic only within
// a block, shared by all blocks (ScoRD's scoped race): the lock word and the
// critical section race. unlock_then_store: a store to the protected word
// after the unlock races with the next holder.
__device__ int mutex = 0;
__device__ int mutex_b = 0;
__device__ int mutex_u = 0;

__global__ void lock_sum(int *total, const int *vals) {
  if (threadIdx.x == 0) {
    while (atomicCAS(&mutex, 0, 1) != 0) {
    }
    __threadfence();
    *total += vals[blockIdx.x];
    __threadfence();
    atomicExch(&mutex, 0);
  }
}

__global__ void lock_sum_block(int *total, const int *vals) {
  if (threadIdx.x == 0) {
    while (atomicCAS_block(&mutex_b, 0, 1) != 0) {
    }
    __threadfence();
    *total += vals[blockIdx.x];
    __threadfence();
    atomicExch_block(&mutex_b, 0);
  }
}

__global__ void unlock_then_store(int *total, const int *vals) {
  if (threadIdx.x == 0) {
    while (atomicCAS(&mutex_u, 0, 1) != 0) {
    }
    __threadfence();
    *total += vals[blockIdx.x];
    __threadfence();
    atomicExch(&mutex_u, 0);
    *total += 1;
  }
}

//@ run kernel=lock_sum grid=3 block=32
//@ arg i32[1]
//@ arg i32[3]=iota
//@ expect none
//@ run kernel=lock_sum grid=3 block=32 its
//@ arg i32[1]
//@ arg i32[3]=iota
//@ expect none
//@ run kernel=lock_sum_block grid=3 block=32
//@ arg i32[1]
//@ arg i32[3]=iota
//@ expect race global rw 28 28
//@ expect race global ww 28 28
//@ expect race global ww 25 30
//@ expect race global ww 30 30
//@ run kernel=lock_sum_block grid=3 block=32 its
//@ arg i32[1]
//@ arg i32[3]=iota
//@ expect race global rw 28 28
//@ expect race global ww 28 28
//@ expect race global ww 25 30
//@ expect race global ww 30 30
//@ run kernel=unlock_then_store grid=3 block=32
//@ arg i32[1]
//@ arg i32[3]=iota
//@ expect race global rw 39 42
//@ expect race global ww 39 42
//@ expect race global rw 42 42
//@ expect race global ww 42 42
//@ run kernel=unlock_then_store grid=3 block=32 its
//@ arg i32[1]
//@ arg i32[3]=iota
//@ expect race global rw 39 42
//@ expect race global ww 39 42
//@ expect race global rw 42 42
//@ expect race global ww 42 42
