// Pattern: every block waits for a flag the last block raises. With more
// blocks than run at once, ascending block order starts the waiting blocks
// first and they spin until the step budget ends the run (the last block
// never becomes resident); the other orders (blocks reversed) end. The
// verdict rests on those runs instead of being incomplete.
// wait_last: the waiting blocks read the payload right after the flag with
// no fence: no acquire, their reads race with the last block's write.
// wait_last_fenced: a fence on both sides: clean when the flag starts at 0
// (tests/evolve.cmake runs both at 24 blocks that way). The search also
// draws flags already raised: then no block waits and the reads race with
// the last block's write in both kernels.
__global__ void wait_last(int *payload, int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == gridDim.x - 1) {
    payload[0] = 42;
    __threadfence();
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    out[blockIdx.x] = payload[0];
  }
}

__global__ void wait_last_fenced(int *payload, int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == gridDim.x - 1) {
    payload[0] = 42;
    __threadfence();
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence();
    out[blockIdx.x] = payload[0];
  }
}

//@ auto kernel=wait_last
//@ expect race global rw 15 21
//@ auto kernel=wait_last_fenced
//@ expect race global rw 28 35
