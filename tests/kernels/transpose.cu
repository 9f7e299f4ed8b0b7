// Interpreter corpus: a matrix transpose through a padded shared tile (the
// +1 column avoids bank conflicts), 2-D launch, each thread moving several
// rows. Pattern: none (race-free): one barrier between the tile's loads and
// its transposed reads.
#define TDIM 32
#define TROWS 8

// out (w x h) = the transpose of in (h x w), row-major.
__global__ void transpose(const int *in, int *out, int w, int h) {
  __shared__ int tile[TDIM][TDIM + 1];
  int x = blockIdx.x * TDIM + threadIdx.x;
  int y = blockIdx.y * TDIM + threadIdx.y;
  for (int j = 0; j < TDIM; j += TROWS)
    if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * TDIM + threadIdx.x;
  y = blockIdx.x * TDIM + threadIdx.y;
  for (int j = 0; j < TDIM; j += TROWS)
    if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

//@ run transpose: --grid 3,2 --block 32,8 --arg i32[2880]=iota --arg i32[2880] --arg 72 --arg 40 --dump 1
//@ run transpose_rand: --grid 2,3 --block 32,8 --arg i32[3000]=rand:4:-2147483648:2147483647 --arg i32[3000] --arg 50 --arg 60 --dump 1
