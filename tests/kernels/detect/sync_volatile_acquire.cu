// Pattern: volatile flags and the stores after an acquire fence. PTX's
// acquire pattern is a strong read, then a fence; a volatile store after
// that fence is the data the acquire protects, not a flag (only a fence
// before a store that no acquire precedes, or a store to a word a spin
// polls, makes the store a release pattern's flag).
// vconsumers_store: blocks 1 and 2 wait for block 0's flag, fence, and both
// store to one volatile word: a write-write race (a flag store would be
// morally strong and hide it). vconsumer_nofence: the consumer reads the
// data right after the spin with no fence: no acquire, a race with the
// producer's write. vrelay: block 1 passes block 0's flag on to block 2
// (spin, fence, store of a flag block 2 polls): ordered, clean.
__global__ void vconsumers_store(volatile int *data, volatile int *flag) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    data[0] = 1;
    __threadfence();
    *flag = 1;
  } else {
    while (*flag == 0) {
    }
    __threadfence();
    data[1] = (int)blockIdx.x;
  }
}

__global__ void vconsumer_nofence(int *data, volatile int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    __threadfence();
    *flag = 1;
  } else {
    while (*flag == 0) {
    }
    out[0] = data[0];
  }
}

__global__ void vrelay(int *data, volatile int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    data[0] = 42;
    __threadfence();
    flag[0] = 1;
  } else if (blockIdx.x == 1) {
    while (flag[0] == 0) {
    }
    __threadfence();
    flag[1] = 1;
  } else {
    while (flag[1] == 0) {
    }
    __threadfence();
    out[0] = data[0];
  }
}

//@ run kernel=vconsumers_store grid=3 block=32
//@ arg i32[2]
//@ arg i32[1]
//@ expect race global ww 22 22
//@ run kernel=vconsumers_store grid=3 block=32 its
//@ arg i32[2]
//@ arg i32[1]
//@ expect race global ww 22 22
//@ run kernel=vconsumer_nofence grid=2 block=32
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 29 35
//@ run kernel=vconsumer_nofence grid=2 block=32 its
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 29 35
//@ run kernel=vrelay grid=3 block=32
//@ arg i32[1]
//@ arg i32[2]
//@ arg i32[1]
//@ expect none
//@ run kernel=vrelay grid=3 block=32 its
//@ arg i32[1]
//@ arg i32[2]
//@ arg i32[1]
//@ expect none
