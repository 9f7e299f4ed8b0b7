// Interpreter corpus: 2-D and 3-D grids and blocks. Pattern: none
// (race-free): coords writes one slot per thread; box3d loads a block's
// 4x4x4 cube into shared memory, then (after a barrier) each thread reads
// its neighbours, which live in other warps.
#define CUBE 4

// out[g] packs the thread's coordinates and the launch shape, g = the
// thread's linear index over the whole grid (x fastest).
__global__ void coords(unsigned *out) {
  unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned g = b * (blockDim.x * blockDim.y * blockDim.z) + t;
  out[2 * g] = blockIdx.x | blockIdx.y << 4 | blockIdx.z << 8 | threadIdx.x << 12 |
               threadIdx.y << 18 | threadIdx.z << 24;
  out[2 * g + 1] = gridDim.x | gridDim.y << 4 | gridDim.z << 8 | blockDim.x << 12 |
                   blockDim.y << 18 | blockDim.z << 24;
}

// in and out: an (4*gridDim.x) x (4*gridDim.y) x (4*gridDim.z) volume, x
// fastest. out = the sum of the in values in the 3x3x3 neighbourhood that
// lies inside the same block's cube.
__global__ void box3d(const int *in, int *out) {
  __shared__ int cube[CUBE][CUBE][CUBE];
  int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  int nx = CUBE * gridDim.x, ny = CUBE * gridDim.y;
  int x = blockIdx.x * CUBE + tx, y = blockIdx.y * CUBE + ty, z = blockIdx.z * CUBE + tz;
  int g = (z * ny + y) * nx + x;
  cube[tz][ty][tx] = in[g];
  __syncthreads();
  int acc = 0;
  for (int dz = -1; dz <= 1; ++dz)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        int a = tx + dx, b = ty + dy, c = tz + dz;
        if (a >= 0 && a < CUBE && b >= 0 && b < CUBE && c >= 0 && c < CUBE) acc += cube[c][b][a];
      }
  out[g] = acc;
}

//@ run coords3d: --kernel coords --grid 3,2,2 --block 4,3,5 --arg u32[1440] --dump 0
//@ run coords2d: --kernel coords --grid 3,2 --block 8,4 --arg u32[384] --dump 0
//@ run box3d: --kernel box3d --grid 2,3,2 --block 4,4,4 --arg i32[768]=iota --arg i32[768] --dump 1
