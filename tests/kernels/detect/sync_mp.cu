// Pattern: message passing through a flag (CUDA Programming Guide, memory
// fence functions). The producer writes data, fences, raises a flag with an
// atomic; the consumer spins on the flag with atomics, fences, reads data.
// mp_blocks: block 1 produces for block 0 (block 0 spins first, so the
// scheduler must let block 1 run). Clean with __threadfence on both sides.
// mp_blocks_narrow: the producer's fence is __threadfence_block: its scope
// does not include the consumer's block (ScoRD's scoped race). mp_blocks_nofence:
// no fence before the flag write: the write is no release. mp_warps: warp 1
// produces for warp 0 of the same block; a block fence is wide enough.
// mp_warps_nofence: the consumer forgets its fence (no acquire).
__global__ void mp_blocks(int *data, int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    __threadfence();
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence();
    out[0] = data[0];
  }
}

__global__ void mp_blocks_narrow(int *data, int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    __threadfence_block();
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence();
    out[0] = data[0];
  }
}

__global__ void mp_blocks_nofence(int *data, int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence();
    out[0] = data[0];
  }
}

__global__ void mp_warps(int *data, int *flag, int *out) {
  if (threadIdx.x == 32) {
    data[1] = 7;
    __threadfence_block();
    atomicExch(flag, 1);
  } else if (threadIdx.x == 0) {
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence_block();
    out[0] = data[1];
  }
}

__global__ void mp_warps_nofence(int *data, int *flag, int *out) {
  if (threadIdx.x == 32) {
    data[1] = 7;
    __threadfence_block();
    atomicExch(flag, 1);
  } else if (threadIdx.x == 0) {
    while (atomicAdd(flag, 0) == 0) {
    }
    out[0] = data[1];
  }
}

//@ run kernel=mp_blocks grid=2 block=32
//@ arg i32[2]
//@ arg i32[1]
//@ arg i32[1]
//@ expect none
//@ run kernel=mp_blocks grid=2 block=32 its
//@ arg i32[2]
//@ arg i32[1]
//@ arg i32[1]
//@ expect none
//@ run kernel=mp_blocks_narrow grid=2 block=32
//@ arg i32[2]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 28 35
//@ run kernel=mp_blocks_narrow grid=2 block=32 its
//@ arg i32[2]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 28 35
//@ run kernel=mp_blocks_nofence grid=2 block=32
//@ arg i32[2]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 42 48
//@ run kernel=mp_blocks_nofence grid=2 block=32 its
//@ arg i32[2]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 42 48
//@ run kernel=mp_warps grid=1 block=64
//@ arg i32[2]
//@ arg i32[1]
//@ arg i32[1]
//@ expect none
//@ run kernel=mp_warps grid=1 block=64 its
//@ arg i32[2]
//@ arg i32[1]
//@ arg i32[1]
//@ expect none
//@ run kernel=mp_warps_nofence grid=1 block=64
//@ arg i32[2]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 67 73
//@ run kernel=mp_warps_nofence grid=1 block=64 its
//@ arg i32[2]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 67 73
