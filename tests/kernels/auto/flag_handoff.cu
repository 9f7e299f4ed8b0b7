// Pattern: message passing between blocks through a flag. Block 0's first
// thread writes the payload, fences (__threadfence) and raises the flag with
// an atomic; every other block's first thread spins on the flag with atomic
// reads and then reads the payload. PTX's acquire pattern needs a fence (or
// an acquire read) after the flag read: handoff_fenced has it and is
// ordered; handoff_nofence reads the payload right after the flag, which
// races with the producer's write (the flag alone orders nothing).
__global__ void handoff_fenced(int *payload, int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
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

__global__ void handoff_nofence(int *payload, int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    payload[0] = 42;
    __threadfence();
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    out[blockIdx.x] = payload[0];
  }
}

//@ auto kernel=handoff_fenced
//@ expect none
//@ auto kernel=handoff_nofence
//@ expect race global rw 25 31
