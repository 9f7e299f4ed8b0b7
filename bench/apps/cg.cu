// Benchmark program of many launches: conjugate gradient on the 1-D Poisson
// matrix tridiag(-1, 2, -1) of N unknowns, ITERS iterations of 5 launches
// each (matrix-vector product, two block-tree dot products with a final
// one-block sum, and the two vector updates), checked against the same
// iterations on the host in the same float operations and order.
//   cg [N [ITERS]]     (default 4096 points, 2000 iterations: 10,000 launches)
#include <cstdio>
#include <cstdlib>
#include <vector>

#define TB 256

__global__ void matvec(const float *p, float *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float l = i > 0 ? p[i - 1] : 0.0f, r = i < n - 1 ? p[i + 1] : 0.0f;
  q[i] = 2.0f * p[i] - l - r;
}

// partial[b] = sum of a[i] * b[i] over block b's elements (a tree in shared memory)
__global__ void dot_part(const float *a, const float *b, float *partial, int n) {
  __shared__ float s[TB];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? a[i] * b[i] : 0.0f;
  __syncthreads();
  for (int k = TB / 2; k > 0; k /= 2) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

// out[slot] = the sum of partial[0..m-1] (one block; m <= TB)
__global__ void dot_final(const float *partial, float *out, int slot, int m) {
  __shared__ float s[TB];
  s[threadIdx.x] = threadIdx.x < (unsigned)m ? partial[threadIdx.x] : 0.0f;
  __syncthreads();
  for (int k = TB / 2; k > 0; k /= 2) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[slot] = s[0];
}

// x += alpha p, r -= alpha q with alpha = rr / pq (scalars on the device)
__global__ void update_xr(float *x, float *r, const float *p, const float *q,
                          const float *sc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float alpha = sc[0] / sc[1];
  if (i < n) {
    x[i] += alpha * p[i];
    r[i] -= alpha * q[i];
  }
}

// p = r + beta p with beta = rr_new / rr; then rr = rr_new (one thread)
__global__ void update_p(float *p, const float *r, float *sc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float beta = sc[2] / sc[0];
  if (i < n) p[i] = r[i] + beta * p[i];
}

__global__ void roll(float *sc) { sc[0] = sc[2]; }

// the host's twin of the device's block tree (same order of float additions)
static float host_dot(const std::vector<float> &a, const std::vector<float> &b, int n) {
  int nb = (n + TB - 1) / TB;
  std::vector<float> part(nb);
  for (int blk = 0; blk < nb; blk++) {
    float s[TB];
    for (int t = 0; t < TB; t++) {
      int i = blk * TB + t;
      s[t] = i < n ? a[i] * b[i] : 0.0f;
    }
    for (int k = TB / 2; k > 0; k /= 2)
      for (int t = 0; t < k; t++) s[t] += s[t + k];
    part[blk] = s[0];
  }
  float s[TB];
  for (int t = 0; t < TB; t++) s[t] = t < nb ? part[t] : 0.0f;
  for (int k = TB / 2; k > 0; k /= 2)
    for (int t = 0; t < k; t++) s[t] += s[t + k];
  return s[0];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096, iters = argc > 2 ? atoi(argv[2]) : 2000;
  int nb = (n + TB - 1) / TB;
  if (n < 2 || nb > TB || iters < 1) {
    fprintf(stderr, "cg: N must be 2..%d, ITERS at least 1\n", TB * TB);
    return 2;
  }
  std::vector<float> x(n, 0.0f), r(n), p(n), q(n);
  for (int i = 0; i < n; i++) r[i] = p[i] = (i % 37 == 0) ? 1.0f : 0.0f; // b, x0 = 0
  float *dx, *dr, *dp, *dq, *dpart, *dsc;
  size_t bytes = n * sizeof(float);
  cudaMalloc(&dx, bytes);
  cudaMalloc(&dr, bytes);
  cudaMalloc(&dp, bytes);
  cudaMalloc(&dq, bytes);
  cudaMalloc(&dpart, TB * sizeof(float));
  cudaMalloc(&dsc, 3 * sizeof(float));
  cudaMemcpy(dx, x.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dr, r.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dp, p.data(), bytes, cudaMemcpyHostToDevice);
  long launches = 0;
  dot_part<<<nb, TB>>>(dr, dr, dpart, n);
  dot_final<<<1, TB>>>(dpart, dsc, 0, nb);
  launches += 2;
  float rr = host_dot(r, r, n);
  for (int it = 0; it < iters; it++) {
    matvec<<<nb, TB>>>(dp, dq, n);
    dot_part<<<nb, TB>>>(dp, dq, dpart, n);
    dot_final<<<1, TB>>>(dpart, dsc, 1, nb);
    update_xr<<<nb, TB>>>(dx, dr, dp, dq, dsc, n);
    dot_part<<<nb, TB>>>(dr, dr, dpart, n);
    dot_final<<<1, TB>>>(dpart, dsc, 2, nb);
    update_p<<<nb, TB>>>(dp, dr, dsc, n);
    roll<<<1, 1>>>(dsc);
    launches += 8;
    // the host's iteration
    for (int i = 0; i < n; i++) {
      float l = i > 0 ? p[i - 1] : 0.0f, rt = i < n - 1 ? p[i + 1] : 0.0f;
      q[i] = 2.0f * p[i] - l - rt;
    }
    float pq = host_dot(p, q, n), alpha = rr / pq;
    for (int i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * q[i];
    }
    float rn = host_dot(r, r, n), beta = rn / rr;
    for (int i = 0; i < n; i++) p[i] = r[i] + beta * p[i];
    rr = rn;
  }
  std::vector<float> got(n);
  cudaMemcpy(got.data(), dx, bytes, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += got[i] != x[i];
  printf("cg n=%d iters=%d launches=%ld residual^2=%g: %d wrong\n", n, iters, launches, rr, wrong);
  return wrong != 0;
}
