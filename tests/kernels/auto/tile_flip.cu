// Pattern (race-free): a 2-D tiled kernel. Each block stages its tile of a
// row-major image (width w, at most 256 x 256) in shared memory, one element
// per thread, and after the barrier every thread writes the element
// mirrored through the tile's centre. The tile is sized by the launch
// (blockDim.x * blockDim.y <= 1024 elements), so the kernel is correct for
// every block shape, grid and width: auto mode must report nothing.
__global__ void tile_flip(const int *in, int *out, int w) {
  __shared__ int tile[1024];
  unsigned bx = blockDim.x, by = blockDim.y, tx = threadIdx.x, ty = threadIdx.y;
  unsigned width = w > 0 && w <= 256 ? (unsigned)w : 256u;
  unsigned x = blockIdx.x * bx + tx, y = blockIdx.y * by + ty;
  unsigned inside = x < width && y < 256u;
  tile[ty * bx + tx] = inside ? in[y * width + x] : 0;
  __syncthreads();
  if (inside) out[y * width + x] = tile[(by - 1 - ty) * bx + (bx - 1 - tx)];
}

//@ auto kernel=tile_flip
//@ expect none
