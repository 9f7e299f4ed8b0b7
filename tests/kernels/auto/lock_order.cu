// Pattern: a device-wide spin lock whose fences are too narrow in one block
// only. The race shows only in some orders in which the blocks take the
// lock, so the detection runs try the blocks in other orders (reversed,
// each block first).
// lock_narrow_second: block 0 acquires with __threadfence_block() (block
// scope) and releases with __threadfence(). Taken first (ascending order)
// its narrow fence acquires nothing; taken after another block, it does
// not see that block's critical section: the sums race.
// lock_narrow_first: the last block releases with __threadfence_block().
// Taken last (ascending order) no one acquires from it; taken first, the
// next holder is not ordered after its critical section: the sums race.
// lock_wide: every fence of device scope: clean in every order.
__device__ int lock_a = 0;
__device__ int lock_b = 0;
__device__ int lock_c = 0;

__global__ void lock_narrow_second(int *total, const int *vals) {
  if (threadIdx.x != 0) return;
  while (atomicCAS(&lock_a, 0, 1) != 0) {
  }
  if (blockIdx.x == 0) __threadfence_block();
  else __threadfence();
  *total += vals[blockIdx.x];
  __threadfence();
  atomicExch(&lock_a, 0);
}

__global__ void lock_narrow_first(int *total, const int *vals) {
  if (threadIdx.x != 0) return;
  while (atomicCAS(&lock_b, 0, 1) != 0) {
  }
  __threadfence();
  *total += vals[blockIdx.x];
  if (blockIdx.x == gridDim.x - 1) __threadfence_block();
  else __threadfence();
  atomicExch(&lock_b, 0);
}

__global__ void lock_wide(int *total, const int *vals) {
  if (threadIdx.x != 0) return;
  while (atomicCAS(&lock_c, 0, 1) != 0) {
  }
  __threadfence();
  *total += vals[blockIdx.x];
  __threadfence();
  atomicExch(&lock_c, 0);
}

//@ auto kernel=lock_narrow_second
//@ expect race global rw 23 23
//@ expect race global ww 23 23
//@ auto kernel=lock_narrow_first
//@ expect race global rw 33 33
//@ expect race global ww 33 33
//@ auto kernel=lock_wide
//@ expect none
