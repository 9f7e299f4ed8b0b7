// Pattern: quasi-Monte Carlo with cuRAND's Sobol' generators, as pricing and
// integration codes use them: a host-API generator of two dimensions filling
// device memory, and the device API's Sobol' states built from the direction
// vectors curandGetDirectionVectors32 hands out. Checked against what holds
// for every Sobol' sequence (its first 2^k points of one dimension fall one
// in each interval of width 2^-k, and dimensions 0 and 1 together form a
// (0, k, 2)-net), against the device API (bit for bit), against the known
// first points of dimensions 0 and 1, and pi from the points in the quarter
// circle. Prints "rand_quasi: N wrong".
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

static int wrong = 0;
#define EXPECT(c, ...)                                                                         \
  do {                                                                                         \
    if (!(c)) {                                                                                \
      wrong++;                                                                                 \
      printf(__VA_ARGS__);                                                                     \
      printf("\n");                                                                            \
    }                                                                                          \
  } while (0)

__global__ void sobol_points(curandDirectionVectors32_t *dv, unsigned *out, int per) {
  // thread t of dimension blockIdx.x draws points t, t + blockDim.x, ...
  curandStateSobol32_t st;
  curand_init(dv[blockIdx.x], threadIdx.x, &st);
  for (int i = threadIdx.x; i < per; i += blockDim.x) {
    out[blockIdx.x * per + i] = curand(&st);
    skipahead(blockDim.x - 1, &st);
  }
}

// one point in each of the 2^k intervals of width 2^-k
static int net1(const unsigned *x, int n) {
  int k = 0;
  while ((1 << k) < n) k++;
  char *seen = new char[n]();
  int ok = 1;
  for (int i = 0; i < n; i++) {
    unsigned cell = k ? x[i] >> (32 - k) : 0;
    if (seen[cell]++) ok = 0;
  }
  delete[] seen;
  return ok;
}

// every box of 2^-a by 2^-(k-a) holds one of the first 2^k points
static int net2(const unsigned *x, const unsigned *y, int n, int k) {
  int ok = 1;
  char *seen = new char[n];
  for (int a = 0; a <= k; a++) {
    memset(seen, 0, n);
    for (int i = 0; i < n; i++) {
      unsigned cx = a ? x[i] >> (32 - a) : 0, cy = k - a ? y[i] >> (32 - (k - a)) : 0;
      if (seen[(cx << (k - a)) | cy]++) ok = 0;
    }
  }
  delete[] seen;
  return ok;
}

int main() {
  const int per = 1 << 14, dims = 2, n = per * dims;
  unsigned *d, *h = new unsigned[n], *hk = new unsigned[n];
  cudaMalloc(&d, n * sizeof(unsigned));
  curandGenerator_t g;
  EXPECT(curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL32) == CURAND_STATUS_SUCCESS, "create");
  EXPECT(curandSetQuasiRandomGeneratorDimensions(g, dims) == CURAND_STATUS_SUCCESS, "dims");
  EXPECT(curandSetGeneratorOrdering(g, CURAND_ORDERING_QUASI_DEFAULT) == CURAND_STATUS_SUCCESS, "order");
  EXPECT(curandGenerate(g, d, n) == CURAND_STATUS_SUCCESS, "generate");
  cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
  // the first points of dimensions 0 and 1
  const unsigned first0[4] = {0u, 0x80000000u, 0xc0000000u, 0x40000000u};
  const unsigned first1[4] = {0u, 0x80000000u, 0x40000000u, 0xc0000000u};
  for (int i = 0; i < 4; i++) {
    EXPECT(h[i] == first0[i], "dim 0 point %d: %08x", i, h[i]);
    EXPECT(h[per + i] == first1[i], "dim 1 point %d: %08x", i, h[per + i]);
  }
  EXPECT(net1(h, per) && net1(h + per, per), "1-D nets");
  EXPECT(net2(h, h + per, per, 14), "(0,14,2)-net");

  // the device API over the handed-out direction vectors: the same points
  curandDirectionVectors32_t *dv;
  EXPECT(curandGetDirectionVectors32(&dv, CURAND_DIRECTION_VECTORS_32_JOEKUO6) ==
             CURAND_STATUS_SUCCESS, "direction vectors");
  int table_ok = 1;
  for (int k = 0; k < 20000; k++)
    for (int b = 0; b < 32; b++)
      if (!((dv[k][b] >> (31 - b)) & 1) || (b < 31 && dv[k][b] << (b + 1))) table_ok = 0;
  EXPECT(table_ok, "every direction vector v_b of the 20000 dimensions: bit 31-b set, nothing above it");
  curandDirectionVectors32_t *ddv;
  cudaMalloc(&ddv, dims * sizeof(curandDirectionVectors32_t));
  cudaMemcpy(ddv, dv, dims * sizeof(curandDirectionVectors32_t), cudaMemcpyHostToDevice);
  unsigned *dk;
  cudaMalloc(&dk, n * sizeof(unsigned));
  sobol_points<<<dims, 64>>>(ddv, dk, per);
  cudaMemcpy(hk, dk, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
  int same = 0;
  for (int i = 0; i < n; i++) same += hk[i] == h[i];
  EXPECT(same == n, "device API: %d of %d points equal the host generator's", same, n);

  // the next call goes on with points per.. 2 per - 1 (one dimension, then the other)
  EXPECT(curandGenerate(g, d, n) == CURAND_STATUS_SUCCESS, "generate 2");
  cudaMemcpy(hk, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
  EXPECT(hk[0] == (h[per - 1] ^ dv[0][14]), "the second call continues the sequence");

  // pi: uniforms of a fresh 2-D generator, points inside the quarter circle
  float *df, *hf = new float[n];
  cudaMalloc(&df, n * sizeof(float));
  curandGenerator_t q;
  curandCreateGenerator(&q, CURAND_RNG_QUASI_SOBOL32);
  curandSetQuasiRandomGeneratorDimensions(q, 2);
  EXPECT(curandGenerateUniform(q, df, n) == CURAND_STATUS_SUCCESS, "uniform");
  cudaMemcpy(hf, df, n * sizeof(float), cudaMemcpyDeviceToHost);
  int inside = 0;
  for (int i = 0; i < per; i++) inside += hf[i] * hf[i] + hf[per + i] * hf[per + i] <= 1.0f;
  double pi = 4.0 * inside / per;
  EXPECT(fabs(pi - M_PI) < 2e-3, "pi %.6f", pi);
  EXPECT(hf[0] > 0.0f && hf[0] < 1e-9f, "uniform of point 0: 2^-33");

  // normals of a quasi generator: inverse CDF of the uniforms (odd counts allowed)
  EXPECT(curandSetQuasiRandomGeneratorDimensions(q, 1) == CURAND_STATUS_SUCCESS, "dims 1");
  EXPECT(curandGenerateNormal(q, df, 1023, 0.0f, 1.0f) == CURAND_STATUS_SUCCESS, "normal");
  cudaMemcpy(hf, df, 1023 * sizeof(float), cudaMemcpyDeviceToHost);
  double mean = 0, var = 0;
  for (int i = 1; i < 1023; i++) mean += hf[i];
  mean /= 1022;
  for (int i = 1; i < 1023; i++) var += (hf[i] - mean) * (hf[i] - mean);
  var /= 1021;
  EXPECT(fabs(mean) < 0.01 && fabs(var - 1) < 0.02, "normals: mean %.4f var %.4f", mean, var);

  // scrambled: still one point per interval; 64 bits through curandGenerateLongLong
  curandGenerator_t s;
  curandCreateGenerator(&s, CURAND_RNG_QUASI_SCRAMBLED_SOBOL32);
  curandSetQuasiRandomGeneratorDimensions(s, 2);
  EXPECT(curandGenerate(s, d, n) == CURAND_STATUS_SUCCESS, "scrambled");
  cudaMemcpy(hk, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
  EXPECT(net1(hk, per) && net1(hk + per, per), "scrambled 1-D nets");
  EXPECT(memcmp(hk, h, n * sizeof(unsigned)) != 0, "scrambled differs from plain");
  curandGenerator_t l;
  curandCreateGenerator(&l, CURAND_RNG_QUASI_SOBOL64);
  unsigned long long *dl, hl[4];
  cudaMalloc(&dl, 4 * sizeof(unsigned long long));
  EXPECT(curandGenerateLongLong(l, dl, 4) == CURAND_STATUS_SUCCESS, "long long");
  cudaMemcpy(hl, dl, sizeof hl, cudaMemcpyDeviceToHost);
  EXPECT(hl[1] == 0x8000000000000000ull && hl[2] == 0xc000000000000000ull, "64-bit dim 0");

  // misuse: what cuRAND returns
  EXPECT(curandGenerate(g, d, 3) == CURAND_STATUS_LENGTH_NOT_MULTIPLE, "n not a multiple of dims");
  EXPECT(curandSetQuasiRandomGeneratorDimensions(g, 0) == CURAND_STATUS_OUT_OF_RANGE, "0 dims");
  EXPECT(curandSetQuasiRandomGeneratorDimensions(g, 20001) == CURAND_STATUS_OUT_OF_RANGE, "20001 dims");
  EXPECT(curandSetPseudoRandomGeneratorSeed(g, 5) == CURAND_STATUS_TYPE_ERROR, "seed of a quasi generator");
  EXPECT(curandGenerate(l, d, 4) == CURAND_STATUS_TYPE_ERROR, "32-bit words of a 64-bit generator");
  EXPECT(curandGenerateLongLong(g, dl, 2) == CURAND_STATUS_TYPE_ERROR, "64-bit words of a 32-bit one");
  curandGenerator_t p;
  curandCreateGenerator(&p, CURAND_RNG_PSEUDO_DEFAULT);
  EXPECT(curandSetQuasiRandomGeneratorDimensions(p, 2) == CURAND_STATUS_TYPE_ERROR, "dims of a pseudo one");
  curandDestroyGenerator(p);
  curandDestroyGenerator(g);
  curandDestroyGenerator(q);
  curandDestroyGenerator(s);
  curandDestroyGenerator(l);
  printf("rand_quasi: %d wrong\n", wrong);
  return wrong ? 1 : 0;
}
