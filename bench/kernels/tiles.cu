// Detection-cost kernel (no bug): the molecular-dynamics pattern, each
// thread the force on one particle from all N particles, read tile by tile
// through shared memory (a barrier before and after each tile); N = grid x
// block; bench/detect_cost.sh runs --grid 16 --block 128 (2048 particles,
// 16 tiles per thread).
#define TILE 128

__global__ void forces(const float4 *pos, float4 *force, int n)
{
    __shared__ float4 tile[TILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 p = pos[i];
    float fx = 0.0f, fy = 0.0f, fz = 0.0f;
    for (int base = 0; base < n; base += TILE) {
        tile[threadIdx.x] = pos[base + threadIdx.x];
        __syncthreads();
        for (int j = 0; j < TILE; j++) {
            float dx = tile[j].x - p.x, dy = tile[j].y - p.y, dz = tile[j].z - p.z;
            float r2 = dx * dx + dy * dy + dz * dz + 0.01f;
            float inv = 1.0f / (r2 * r2);
            fx += dx * inv;
            fy += dy * inv;
            fz += dz * inv;
        }
        __syncthreads();
    }
    force[i] = make_float4(fx, fy, fz, 0.0f);
}
