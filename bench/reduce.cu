// Benchmark kernel (no bug): the classic shared-memory block reduction.
// Each thread first accumulates ITEMS grid-strided input elements into a
// register, then the block halves the number of active threads per step of a
// tree over shared memory, with __syncthreads() between steps; thread 0 writes
// the block's sum. bench/reduce.cl is the same kernel in OpenCL C for Oclgrind.
//
// Fixed launch: --grid 256 --block 256 (65536 threads), ITEMS 4, so `in`
// holds 262144 floats. bench/run.sh builds the 64 MiB variant with
// -D ITEMS=256 (16777216 floats, the same launch).
#ifndef ITEMS
#define ITEMS 4
#endif
#define BLOCK 256

__global__ void reduce(const float *in, float *out)
{
    __shared__ float part[BLOCK];
    unsigned t = threadIdx.x;
    unsigned stride = gridDim.x * blockDim.x;
    unsigned i = blockIdx.x * blockDim.x + t;
    float acc = 0.0f;
    for (int k = 0; k < ITEMS; k++) {
        acc += in[i];
        i += stride;
    }
    part[t] = acc;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            part[t] += part[t + s];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = part[0];
}
