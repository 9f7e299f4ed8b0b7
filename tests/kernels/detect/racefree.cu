// Pattern: race-free kernels of common kinds (must report nothing): a tiled
// transpose through shared memory (2-D blocks), a 1-D stencil with halo
// cells loaded by the first threads, and a Hillis-Steele inclusive scan with
// double buffering. Every barrier is needed for these launches.
#define TILE 16
#define R 3

__global__ void transpose(const float *in, float *out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  if (x < n && y < n) tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < n && y < n) out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void stencil(const int *in, int *out, int n) {
  __shared__ int s[128 + 2 * R];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int t = threadIdx.x + R;
  s[t] = in[g];
  if (threadIdx.x < R) {
    s[t - R] = g >= R ? in[g - R] : 0;
    s[t + blockDim.x] = g + (int)blockDim.x < n ? in[g + blockDim.x] : 0;
  }
  __syncthreads();
  int v = 0;
  for (int k = -R; k <= R; k++) v += s[t + k];
  out[g] = v;
}

__global__ void scan(const int *in, int *out) {
  __shared__ int buf[2][128];
  unsigned t = threadIdx.x;
  int pin = 0;
  buf[0][t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned off = 1; off < blockDim.x; off *= 2) {
    int pout = 1 - pin;
    buf[pout][t] = t >= off ? buf[pin][t] + buf[pin][t - off] : buf[pin][t];
    pin = pout;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = buf[pin][t];
}

//@ run kernel=transpose grid=2,2 block=16,16
//@ arg f32[1024]=iota
//@ arg f32[1024]
//@ arg 32
//@ expect none
//@ run kernel=stencil grid=2 block=128
//@ arg i32[256]=iota
//@ arg i32[256]
//@ arg 256
//@ expect none
//@ run kernel=scan grid=2 block=128
//@ arg i32[256]=1
//@ arg i32[256]
//@ expect none
