// Pattern (race-free for its block): a fixed 8x8 tile transpose. The tile
// is a compile-time 8x8 shared array indexed tile[threadIdx.y][threadIdx.x]
// and the block offsets are multiples of TILE, so the kernel is correct for
// the 8x8 block its program launches (main below) and for smaller ones. A
// block wider or taller than 8 writes past a tile row into the next one
// (tile[ty][8] is tile[ty + 1][0]) and overlaps the next block's output:
// data races at 16x16 (tests/search_shape.cmake). Without host code (.bc)
// the search must still prefer the 8x8 shape the index arithmetic names.
#define TILE 8

__global__ void transpose8(const float *in, float *out, int w, int h) {
  __shared__ float tile[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * TILE + tx, y = blockIdx.y * TILE + ty;
  if (x < w && y < h) tile[ty][tx] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * TILE + tx;
  y = blockIdx.x * TILE + ty;
  if (x < h && y < w) out[y * h + x] = tile[tx][ty];
}

int main() {
  const int w = 40, h = 24;
  float *in, *out;
  cudaMalloc(&in, w * h * sizeof(float));
  cudaMalloc(&out, w * h * sizeof(float));
  dim3 block(TILE, TILE);
  dim3 grid((w + TILE - 1) / TILE, (h + TILE - 1) / TILE);
  transpose8<<<grid, block>>>(in, out, w, h);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}

//@ auto kernel=transpose8
//@ expect none
