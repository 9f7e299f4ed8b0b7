// __syncwarp on the native path (tests/jit.cmake): lanes that exchange data
// through shared memory between __syncwarp calls (a warp-synchronous tree
// sum), tiles of 16 synchronised by cooperative groups (cg::sync(tile)),
// and a block where only the first warp runs extra __syncwarp rounds while
// the others go on to __syncthreads. Checked against a host loop; the
// output must not depend on the path.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

// per warp: the sum of its 32 values, by halving with __syncwarp between steps
__global__ void warp_sums(int *out, const int *in, int n) {
  __shared__ int s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
  s[threadIdx.x] = i < n ? in[i] : 0;
  __syncwarp();
  for (int d = 16; d > 0; d >>= 1) {
    int v = lane < d ? s[threadIdx.x + d] : 0;
    __syncwarp();
    if (lane < d) s[threadIdx.x] += v;
    __syncwarp();
  }
  if (lane == 0) out[i / 32] = s[threadIdx.x];
}

// per tile of 16: each lane gets the tile's values rotated by one, twice
__global__ void tile_rotate(int *out, const int *in, int n) {
  __shared__ int s[128];
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_group tile = cg::tiled_partition(cta, 16);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int r = tile.thread_rank(), base = threadIdx.x - r;
  int v = i < n ? in[i] : 0;
  for (int k = 0; k < 2; k++) {
    s[threadIdx.x] = v;
    cg::sync(tile);
    v = s[base + (r + 1) % 16];
    cg::sync(tile);
  }
  if (i < n) out[i] = v;
}

// warp 0 runs `extra` more __syncwarp rounds than the rest before the barrier
__global__ void uneven(int *out, int extra) {
  __shared__ int s[128];
  __shared__ int total;
  int t = threadIdx.x, lane = t & 31;
  if (t == 0) total = 0;
  s[t] = t;
  __syncthreads();
  if (t < 32) {
    for (int k = 0; k < extra; k++) {
      int v = s[(lane + 1) % 32];
      __syncwarp();
      s[lane] = v + 1;
      __syncwarp();
    }
  }
  __syncthreads();
  if (t == 0) {
    for (int j = 0; j < 128; j++) total += s[j];
    out[blockIdx.x] = total;
  }
}

int main() {
  const int N = 4096;
  static int in[N], sums[N / 32], rot[N];
  for (int i = 0; i < N; i++) in[i] = (i * 7919) % 1000 - 500;
  int *din, *dsum, *drot, *dun;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dsum, sizeof sums);
  cudaMalloc(&drot, sizeof rot);
  cudaMalloc(&dun, 4 * sizeof(int));
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  warp_sums<<<N / 256, 256>>>(dsum, din, N);
  tile_rotate<<<N / 128, 128>>>(drot, din, N);
  uneven<<<4, 128>>>(dun, 5);
  int un[4];
  cudaMemcpy(sums, dsum, sizeof sums, cudaMemcpyDeviceToHost);
  cudaMemcpy(rot, drot, sizeof rot, cudaMemcpyDeviceToHost);
  cudaMemcpy(un, dun, sizeof un, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int w = 0; w < N / 32; w++) {
    int want = 0;
    for (int j = 0; j < 32; j++) want += in[w * 32 + j];
    if (sums[w] != want) bad++;
  }
  for (int i = 0; i < N; i++) {
    int base = i - i % 16;
    if (rot[i] != in[base + (i % 16 + 2) % 16]) bad++;
  }
  // warp 0 after 5 rounds: lane l holds l + 5 + 5 (rotated values, each round +1)
  int want = 0;
  for (int l = 0; l < 32; l++) want += (l + 5) % 32 + 5;
  for (int t = 32; t < 128; t++) want += t;
  for (int b = 0; b < 4; b++)
    if (un[b] != want) bad++;
  printf("warp_sums: %d %d %d\n", sums[0], sums[1], sums[N / 32 - 1]);
  printf("tile_rotate: %d %d %d\n", rot[0], rot[17], rot[N - 1]);
  printf("uneven: %d %d (want %d)\n", un[0], un[3], want);
  printf("%d wrong\n", bad);
  return bad != 0;
}
