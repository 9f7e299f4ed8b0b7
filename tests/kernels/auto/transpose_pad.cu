// Pattern (race-free for its block): the padded tile transpose,
// `__shared__ float tile[T][T + 1]` indexed by threadIdx.x/y with T = 8 (the
// +1 column avoids shared-memory bank conflicts). The kernel is written for
// T x T blocks: the tile and the block offsets (blockIdx * T) assume them.
// Without host code the search takes the shape the tile names, 8 x 8 (not
// the padded 9), at every seed: auto mode must report nothing.
#define T 8

__global__ void transpose_pad(const float *in, float *out, int w, int h) {
  __shared__ float tile[T][T + 1];
  int x = blockIdx.x * T + threadIdx.x, y = blockIdx.y * T + threadIdx.y;
  if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * T + threadIdx.x;
  y = blockIdx.x * T + threadIdx.y;
  if (x < h && y < w) out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

//@ auto kernel=transpose_pad
//@ expect none
