#include <cub/thread/thread_load.cuh>
#include <cub/thread/thread_store.cuh>
// Pattern: a ready flag published from block 0 and polled by the other
// blocks with CUB's cache-modified accesses (ThreadStore<STORE_CG> /
// ThreadLoad<LOAD_CG>, as CUB's decoupled look-back publishes its tile
// status). The .cg store and load are weak: they race, but both accesses
// are inside CUB's headers, so the race is graded in-library (a warning
// naming the pattern), not an error of this file.
__global__ void publish_flag(int *flag, int *seen) {
  if (threadIdx.x == 0) {
    if (blockIdx.x == 0) cub::ThreadStore<cub::STORE_CG>(flag, 1);
    else seen[blockIdx.x] = cub::ThreadLoad<cub::LOAD_CG>(flag);
  }
}

//@ auto kernel=publish_flag
//@ expect race global rw 262 273
//@ grade in-library 262
