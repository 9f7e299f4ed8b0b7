// Pattern: an index past the end of an inner dimension of a fixed-size
// shared array. A 8x8 tile smoothing kernel averages each transposed
// element with its right neighbour tile[tx][ty + 1] without clamping the
// last column: for ty == 7 it reads tile[tx][8], which is tile[tx + 1][0]
// (inside the array, so no allocation check sees it; the value belongs to
// another row). Found in automatic mode: the search prefers the 8x8 block
// the index arithmetic names, and the overrun is an out-of-bounds finding
// in every mode.
#define TILE 8

__global__ void smooth8(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int base = blockIdx.x * TILE * TILE;
  int i = base + ty * TILE + tx;
  tile[ty][tx] = i < n ? in[i] : 0.0f;
  __syncthreads();
  if (i < n) out[i] = 0.5f * (tile[tx][ty] + tile[tx][ty + 1]);
}

//@ auto kernel=smooth8
//@ expect oob shared 18
