// Detection-cost kernel (no bug): tiled matrix multiply C = A B of N x N
// floats, 16 x 16 tiles through shared memory; bench/detect_cost.sh runs
// N = 256 (--grid 16,16 --block 16,16).
#define T 16

__global__ void matmul(const float *a, const float *b, float *c, int n)
{
    __shared__ float ta[T][T], tb[T][T];
    int row = blockIdx.y * T + threadIdx.y, col = blockIdx.x * T + threadIdx.x;
    float acc = 0.0f;
    for (int k0 = 0; k0 < n; k0 += T) {
        ta[threadIdx.y][threadIdx.x] = a[row * n + k0 + threadIdx.x];
        tb[threadIdx.y][threadIdx.x] = b[(k0 + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < T; k++)
            acc += ta[threadIdx.y][k] * tb[k][threadIdx.x];
        __syncthreads();
    }
    c[row * n + col] = acc;
}
