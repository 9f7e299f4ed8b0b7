// Detection-cost kernel (no bug): a block reduction whose shared-memory tree
// runs 4 times (REPS), each on values read from a writable buffer, each sum
// written back; bench/detect_cost.sh runs --grid 1024 --block 256.
#define BLOCK 256
#define REPS 4

__global__ void reduce4(float *data, float *out)
{
    __shared__ float part[BLOCK];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + t;
    float total = 0.0f;
    for (int r = 0; r < REPS; r++) {
        part[t] = data[i] * (float)(r + 1);
        __syncthreads();
        for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
            if (t < s)
                part[t] += part[t + s];
            __syncthreads();
        }
        total += part[0];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = total;
}
