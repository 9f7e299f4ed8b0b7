// Pattern: message passing through a volatile flag (the pre-CUDA-9 idiom of
// the Programming Guide's era: `volatile int *flag`, __threadfence() on
// both sides). A volatile access is PTX ld/st.volatile, a relaxed access of
// system scope: a fence before the flag store makes it a release, a fence
// after the spinning load an acquire. vol_mp: clean. vol_mp_nofence: the
// producer forgets its fence: race on the data.
__global__ void vol_mp(int *data, volatile int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    __threadfence();
    *flag = 1;
  } else {
    while (*flag == 0) {
    }
    __threadfence();
    out[0] = data[0];
  }
}
__global__ void vol_mp_nofence(int *data, volatile int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    *flag = 1;
  } else {
    while (*flag == 0) {
    }
    __threadfence();
    out[0] = data[0];
  }
}
//@ run kernel=vol_mp grid=2 block=32
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[1]
//@ expect none
//@ run kernel=vol_mp grid=2 block=32 its
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[1]
//@ expect none
//@ run kernel=vol_mp_nofence grid=2 block=32
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 23 29
//@ run kernel=vol_mp_nofence grid=2 block=32 its
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 23 29
