#pragma once
#include "../util/util_macro.cuh"

CUB_NAMESPACE_BEGIN

// A block-wide sum: every thread stores its value, a tree halves the active
// range each step. Result valid in thread 0.
template <typename T, int BLOCK_DIM_X>
class BlockReduce {
public:
  struct TempStorage {
    T slots[BLOCK_DIM_X];
  };
  __device__ explicit BlockReduce(TempStorage &storage) : storage_(storage) {}

  template <typename Op>
  __device__ T Reduce(T value, Op op) {
    const int tid = threadIdx.x;
    storage_.slots[tid] = value;
    __syncthreads();
    for (int stride = BLOCK_DIM_X / 2; stride > 0; stride /= 2) {
      if (tid < stride) storage_.slots[tid] = op(storage_.slots[tid], storage_.slots[tid + stride]);
      __syncthreads();
    }
    return storage_.slots[0];
  }

  __device__ T Sum(T value) {
    return Reduce(value, [](T a, T b) { return a + b; });
  }

private:
  TempStorage &storage_;
};

CUB_NAMESPACE_END
