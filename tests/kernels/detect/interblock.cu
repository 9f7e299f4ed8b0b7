// Pattern: inter-block races on global memory, which __syncthreads cannot
// order. last_writer: thread 0 of every block stores its block's result into
// one output cell (write-write, other block). handshake: block 0 publishes
// data and raises a flag with an atomic after a fence; block 1 spins on the
// flag with atomics, fences, then reads the data: the fence before the flag
// write and the fence after the flag read make a release/acquire pair of
// device scope, so the data store and load are ordered (no race; simulee
// reported it before it followed atomics and fences).
__global__ void last_writer(const int *in, int *out) {
  __shared__ int s;
  if (threadIdx.x == 0) s = 0;
  __syncthreads();
  atomicAdd(&s, in[blockIdx.x * blockDim.x + threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0) out[0] = s;
}

__global__ void handshake(int *data, int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    data[0] = 42;
    __threadfence();
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0) {
    }
    __threadfence();
    out[blockIdx.x] = data[0];
  }
}

//@ run kernel=last_writer grid=1 block=64
//@ arg i32[64]=1
//@ arg i32[1]
//@ expect none
//@ run kernel=last_writer grid=4 block=64
//@ arg i32[256]=1
//@ arg i32[1]
//@ expect race global ww 15 15
//@ run kernel=handshake grid=2 block=32
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[2]
//@ expect none
