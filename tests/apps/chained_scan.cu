// Blocks that wait for each other in a launch larger than --check-threads.
// Pattern: a single-pass chained scan (a "decoupled look-back" in its
// simplest form): each block sums its tile, waits until the block before it
// has published its inclusive prefix, adds it and publishes its own. The
// waits are spins on memory another block writes, so every block must be
// able to run while one waits: the launch's checked sample cannot be run
// apart from its other blocks.
//   mode 0: the flag is a volatile word, the prefix published and read
//           behind __threadfence() (release and acquire patterns)
//   mode 1: the flag is read with an atomic (atomicAdd of 0) and set with
//           atomicExch, behind fences
//   mode 2: mode 0, but the prefix is stored after the flag (the reader
//           may see the flag before the value: a race between blocks)
//   mode 3: a last-block total instead (a ticket taken with atomicInc, no
//           block waits): its blocks are independent, and the policy's
//           sample runs apart from the other blocks as for any kernel
//   mode 4: a maximum kept with a compare-and-swap retry loop (the
//           lock-free update of a float maximum): a loop on an atomic read,
//           but no block waits for another, so the same as mode 3
#include <cstdio>
#include <cstdlib>

#define THREADS 256

__global__ void chained(const int *in, int *out, int *prefix, int *flag, int n, int mode) {
  __shared__ int part[THREADS];
  __shared__ int before;
  int b = blockIdx.x, t = threadIdx.x, i = b * THREADS + t;
  part[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int s = 1; s < THREADS; s *= 2) { /* inclusive scan of the tile */
    int v = t >= s ? part[t - s] : 0;
    __syncthreads();
    part[t] += v;
    __syncthreads();
  }
  if (t == 0) {
    int p = 0;
    if (b > 0) {
      if (mode == 1) {
        while (atomicAdd(&flag[b - 1], 0) == 0) {
        }
      } else {
        while (((volatile int *)flag)[b - 1] == 0) {
        }
      }
      __threadfence();
      p = ((volatile int *)prefix)[b - 1];
    }
    before = p;
    int mine = p + part[THREADS - 1];
    if (mode == 2) {
      ((volatile int *)flag)[b] = 1;
      prefix[b] = mine;
    } else {
      prefix[b] = mine;
      __threadfence();
      if (mode == 1) atomicExch(&flag[b], 1);
      else ((volatile int *)flag)[b] = 1;
    }
  }
  __syncthreads();
  if (i < n) out[i] = before + part[t];
}

__global__ void lastblock(const int *in, int *part, unsigned *ticket, int *total, int n) {
  __shared__ int sum[THREADS];
  __shared__ bool last;
  int t = threadIdx.x, i = blockIdx.x * THREADS + t;
  sum[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int s = THREADS / 2; s > 0; s /= 2) {
    if (t < s) sum[t] += sum[t + s];
    __syncthreads();
  }
  if (t == 0) {
    part[blockIdx.x] = sum[0];
    __threadfence();
    last = atomicInc(ticket, gridDim.x) == gridDim.x - 1;
    __threadfence(); /* the acquire side of the ticket */
  }
  __syncthreads();
  if (last && t == 0) {
    int s = 0;
    for (unsigned b = 0; b < gridDim.x; b++) s += ((volatile int *)part)[b];
    *total = s;
  }
}

__global__ void casmax(const int *in, float *best, int n) {
  int i = blockIdx.x * THREADS + threadIdx.x;
  if (i >= n) return;
  float v = (float)in[i] * 0.5f;
  int *p = (int *)best, old = *p, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= v) break;
    old = atomicCAS(p, assumed, __float_as_int(v));
  } while (assumed != old);
}

int main(int argc, char **argv) {
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  const int blocks = 512, n = blocks * THREADS - 77;
  int *h = (int *)malloc(n * sizeof(int)), *r = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) h[i] = (i * 7) % 13 - 6;
  int *in, *out, *prefix, *flag;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMalloc(&prefix, blocks * sizeof(int));
  cudaMalloc(&flag, blocks * sizeof(int));
  cudaMemset(flag, 0, blocks * sizeof(int));
  cudaMemcpy(in, h, n * sizeof(int), cudaMemcpyHostToDevice);
  if (mode == 3) {
    int total = 0, s = 0;
    lastblock<<<blocks, THREADS>>>(in, prefix, (unsigned *)flag, out, n);
    cudaMemcpy(&total, out, sizeof total, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) s += h[i];
    printf("lastblock: total %d, host %d\n", total, s);
    return total == s ? 0 : 1;
  }
  if (mode == 4) {
    float best = -1e30f, mx = -1e30f;
    cudaMemcpy(prefix, &best, sizeof best, cudaMemcpyHostToDevice);
    casmax<<<blocks, THREADS>>>(in, (float *)prefix, n);
    cudaMemcpy(&best, prefix, sizeof best, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) mx = (float)h[i] * 0.5f > mx ? (float)h[i] * 0.5f : mx;
    printf("casmax: %g, host %g\n", best, mx);
    return best == mx ? 0 : 1;
  }
  chained<<<blocks, THREADS>>>(in, out, prefix, flag, n, mode);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("chained: %s\n", cudaGetErrorString(e));
    return 2;
  }
  cudaMemcpy(r, out, n * sizeof(int), cudaMemcpyDeviceToHost);
  int wrong = 0, s = 0;
  for (int i = 0; i < n; i++) {
    s += h[i];
    wrong += r[i] != s;
  }
  printf("chained: %d of %d sums differ from the host loop\n", wrong, n);
  free(h);
  free(r);
  return wrong ? 1 : 0;
}
