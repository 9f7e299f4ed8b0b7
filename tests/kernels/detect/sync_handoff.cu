// Pattern: the "last block" sum of the CUDA Programming Guide (threadfence
// reduction): each block stores its partial sum, fences, draws a ticket with
// atomicInc; the block that draws the last ticket fences and adds all
// partials. The tickets form a release sequence (read-modify-writes on one
// word), so every block's fence reaches the last block. last_block_sum:
// clean. last_block_nofence: the fence before the ticket is missing (the
// partial is not released). last_block_noacquire: the last block does not
// fence after its ticket. chain: block 0 hands data to block 1 through one
// flag, block 1 to block 2 through another; block 2 reads block 0's data,
// ordered only transitively (clean). grid_phases: cooperative groups
// grid.sync() between a write phase and a read phase of other blocks' data
// (clean); grid_phases_nosync: the sync is missing (race).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ unsigned int tickets = 0;
__device__ unsigned int tickets2 = 0;
__device__ unsigned int tickets3 = 0;

__global__ void last_block_sum(const int *in, int *partial, int *out) {
  __shared__ int s[64];
  __shared__ bool last;
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (unsigned i = 0; i < blockDim.x; i++) sum += s[i];
    partial[blockIdx.x] = sum;
    __threadfence();
    unsigned int t = atomicInc(&tickets, gridDim.x);
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

__global__ void last_block_nofence(const int *in, int *partial, int *out) {
  __shared__ int s[64];
  __shared__ bool last;
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (unsigned i = 0; i < blockDim.x; i++) sum += s[i];
    partial[blockIdx.x] = sum;
    unsigned int t = atomicInc(&tickets2, gridDim.x);
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

__global__ void last_block_noacquire(const int *in, int *partial, int *out) {
  __shared__ int s[64];
  __shared__ bool last;
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (unsigned i = 0; i < blockDim.x; i++) sum += s[i];
    partial[blockIdx.x] = sum;
    __threadfence();
    unsigned int t = atomicInc(&tickets3, gridDim.x);
    last = t == gridDim.x - 1;
  }
  __syncthreads();
  if (last && threadIdx.x == 0) {
    int total = 0;
    for (unsigned b = 0; b < gridDim.x; b++) total += partial[b];
    out[0] = total;
  }
}

__global__ void chain(int *data, int *flags, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    data[0] = 5;
    __threadfence();
    atomicExch(&flags[0], 1);
  } else if (blockIdx.x == 1) {
    while (atomicAdd(&flags[0], 0) == 0) {
    }
    __threadfence();
    atomicExch(&flags[1], 1);
  } else {
    while (atomicAdd(&flags[1], 0) == 0) {
    }
    __threadfence();
    out[0] = data[0];
  }
}

__global__ void grid_phases(int *buf, int *out) {
  cg::grid_group g = cg::this_grid();
  buf[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
  g.sync();
  unsigned other = (blockIdx.x + 1) % gridDim.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[other * blockDim.x + threadIdx.x];
}

__global__ void grid_phases_nosync(int *buf, int *out) {
  buf[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
  unsigned other = (blockIdx.x + 1) % gridDim.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[other * blockDim.x + threadIdx.x];
}

//@ run kernel=last_block_sum grid=4 block=64
//@ arg i32[256]=1
//@ arg i32[4]
//@ arg i32[1]
//@ expect none
//@ run kernel=last_block_sum grid=4 block=64 its
//@ arg i32[256]=1
//@ arg i32[4]
//@ arg i32[1]
//@ expect none
//@ run kernel=last_block_nofence grid=4 block=64
//@ arg i32[256]=1
//@ arg i32[4]
//@ arg i32[1]
//@ expect race global rw 50 58
//@ run kernel=last_block_nofence grid=4 block=64 its
//@ arg i32[256]=1
//@ arg i32[4]
//@ arg i32[1]
//@ expect race global rw 50 58
//@ run kernel=last_block_noacquire grid=4 block=64
//@ arg i32[256]=1
//@ arg i32[4]
//@ arg i32[1]
//@ expect race global rw 71 79
//@ run kernel=last_block_noacquire grid=4 block=64 its
//@ arg i32[256]=1
//@ arg i32[4]
//@ arg i32[1]
//@ expect race global rw 71 79
//@ run kernel=chain grid=3 block=32
//@ arg i32[1]
//@ arg i32[2]
//@ arg i32[1]
//@ expect none
//@ run kernel=chain grid=3 block=32 its
//@ arg i32[1]
//@ arg i32[2]
//@ arg i32[1]
//@ expect none
//@ run kernel=grid_phases grid=4 block=64
//@ arg i32[256]
//@ arg i32[256]
//@ expect none
//@ run kernel=grid_phases grid=4 block=64 its
//@ arg i32[256]
//@ arg i32[256]
//@ expect none
//@ run kernel=grid_phases_nosync grid=4 block=64
//@ arg i32[256]
//@ arg i32[256]
//@ expect race global rw 112 114
//@ run kernel=grid_phases_nosync grid=4 block=64 its
//@ arg i32[256]
//@ arg i32[256]
//@ expect race global rw 112 114
