// cuRAND's host API from a CUDA program, run on the CPU by simulee's runtime:
// statistics of uniform and normal generations for a fixed seed, and the
// generators' streams against the device API's (a kernel seeding one state
// per thread with curand_init(seed, thread, 0)), where cuRAND defines the
// two equal. Pattern: none (clean).
#include <curand.h>
#include <curand_kernel.h>
#include <cmath>
#include <cstdio>
#include <vector>

#define SUBSEQS 4096 // threads of a host-API generation
#define THREADS 32   // subsequences the kernel checks
#define XD 3         // XORWOW draws per thread
#define PD 8         // Philox draws per thread

#define CHECK(call)                                                          \
  do {                                                                       \
    curandStatus_t s_ = (call);                                              \
    if (s_ != CURAND_STATUS_SUCCESS) {                                       \
      printf("%s: status %d\n", #call, (int)s_);                             \
      return 1;                                                              \
    }                                                                        \
  } while (0)

struct DeviceStreams {
  unsigned xw_raw[XD * THREADS];
  float xw_uni[XD * THREADS];
  double xw_ud[2 * THREADS];
  float xw_norm[2 * THREADS];
  unsigned ph_raw[PD * THREADS];
  float ph_uni[PD * THREADS];
};

__global__ void device_streams(DeviceStreams *out, unsigned long long seed) {
  int t = threadIdx.x;
  curandState a, b, c, d;
  curand_init(seed, t, 0, &a);
  curand_init(seed, t, 0, &b);
  curand_init(seed, t, 0, &c);
  curand_init(seed, t, 0, &d);
  for (int i = 0; i < XD; i++) {
    out->xw_raw[i * THREADS + t] = curand(&a);
    out->xw_uni[i * THREADS + t] = curand_uniform(&b);
  }
  for (int i = 0; i < 2; i++) {
    out->xw_ud[i * THREADS + t] = curand_uniform_double(&c);
    out->xw_norm[i * THREADS + t] = curand_normal(&d);
  }
  curandStatePhilox4_32_10_t p, q;
  curand_init(seed, t, 0, &p);
  curand_init(seed, t, 0, &q);
  for (int i = 0; i < PD; i += 4) {
    uint4 r = curand4(&p);
    float4 u = curand_uniform4(&q);
    unsigned *o = &out->ph_raw[t * PD + i];
    o[0] = r.x, o[1] = r.y, o[2] = r.z, o[3] = r.w;
    float *f = &out->ph_uni[t * PD + i];
    f[0] = u.x, f[1] = u.y, f[2] = u.z, f[3] = u.w;
  }
}

static int wrong = 0;
static void fail(const char *what, int i, double got, double want) {
  if (wrong < 8) printf("%s[%d]: got %.17g, want %.17g\n", what, i, got, want);
  wrong++;
}

// mean and variance of n floats
static void moments(const std::vector<float> &v, double *mean, double *var) {
  double s = 0, s2 = 0;
  for (float x : v) s += x, s2 += (double)x * x;
  *mean = s / v.size();
  *var = s2 / v.size() - *mean * *mean;
}

// n results of a generation into device memory, back on the host
template <typename T, typename F>
static std::vector<T> on_device(size_t n, F gen) {
  T *d;
  cudaMalloc(&d, n * sizeof(T));
  std::vector<T> h(n);
  if (gen(d, n) != CURAND_STATUS_SUCCESS) printf("generation failed\n"), wrong++;
  cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  cudaFree(d);
  return h;
}

int main() {
  const unsigned long long seed = 0x2545f4914f6cdd1dull;
  const size_t n = 1 << 16;
  curandGenerator_t xw, ph;
  CHECK(curandCreateGenerator(&xw, CURAND_RNG_PSEUDO_DEFAULT));
  CHECK(curandCreateGenerator(&ph, CURAND_RNG_PSEUDO_PHILOX4_32_10));
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  CHECK(curandSetStream(xw, stream));

  // statistics for a fixed seed: uniform (0, 1] with mean 1/2, variance
  // 1/12; normal with the mean and deviation asked for
  for (curandGenerator_t g : {xw, ph}) {
    CHECK(curandSetPseudoRandomGeneratorSeed(g, 1234));
    std::vector<float> u = on_device<float>(n, [&](float *d, size_t k) {
      return curandGenerateUniform(g, d, k);
    });
    std::vector<float> z = on_device<float>(n, [&](float *d, size_t k) {
      return curandGenerateNormal(g, d, k, 2.0f, 3.0f);
    });
    double m, v;
    for (size_t i = 0; i < n; i++)
      if (!(u[i] > 0.0f && u[i] <= 1.0f)) fail("uniform range", (int)i, u[i], 0.5);
    moments(u, &m, &v);
    if (std::fabs(m - 0.5) > 0.005) fail("uniform mean", 0, m, 0.5);
    if (std::fabs(v - 1.0 / 12) > 0.002) fail("uniform variance", 0, v, 1.0 / 12);
    moments(z, &m, &v);
    if (std::fabs(m - 2.0) > 0.05) fail("normal mean", 0, m, 2.0);
    if (std::fabs(std::sqrt(v) - 3.0) > 0.05) fail("normal deviation", 0, std::sqrt(v), 3.0);
  }

  // the device API's streams
  DeviceStreams *ds, dev;
  cudaMalloc(&ds, sizeof *ds);
  device_streams<<<1, THREADS>>>(ds, seed);
  cudaMemcpy(&dev, ds, sizeof dev, cudaMemcpyDeviceToHost);
  CHECK(curandSetPseudoRandomGeneratorSeed(xw, seed));
  CHECK(curandSetPseudoRandomGeneratorSeed(ph, seed));
  // XORWOW: element d * 4096 + s is draw d of subsequence s
  std::vector<unsigned> raw = on_device<unsigned>(XD * SUBSEQS, [&](unsigned *d, size_t k) {
    return curandGenerate(xw, d, k);
  });
  for (int d = 0; d < XD; d++)
    for (int t = 0; t < THREADS; t++)
      if (raw[d * SUBSEQS + t] != dev.xw_raw[d * THREADS + t])
        fail("XORWOW raw", d * SUBSEQS + t, raw[d * SUBSEQS + t], dev.xw_raw[d * THREADS + t]);
  // a new seed restarts the streams; uniform floats are the same draws
  CHECK(curandSetPseudoRandomGeneratorSeed(xw, seed));
  std::vector<float> uni = on_device<float>(XD * SUBSEQS, [&](float *d, size_t k) {
    return curandGenerateUniform(xw, d, k);
  });
  for (int d = 0; d < XD; d++)
    for (int t = 0; t < THREADS; t++)
      if (uni[d * SUBSEQS + t] != dev.xw_uni[d * THREADS + t])
        fail("XORWOW uniform", d * SUBSEQS + t, uni[d * SUBSEQS + t], dev.xw_uni[d * THREADS + t]);
  // an offset of 2 * 4096 + 7 draws: element i is position i + offset
  const unsigned long long off = 2 * SUBSEQS + 7;
  CHECK(curandSetGeneratorOffset(xw, off));
  CHECK(curandSetPseudoRandomGeneratorSeed(xw, seed));
  std::vector<unsigned> shifted = on_device<unsigned>(SUBSEQS, [&](unsigned *d, size_t k) {
    return curandGenerate(xw, d, k);
  });
  for (int t = 7; t < THREADS; t++)
    if (shifted[2 * SUBSEQS + t - off] != dev.xw_raw[2 * THREADS + t])
      fail("XORWOW offset", t, shifted[2 * SUBSEQS + t - off], dev.xw_raw[2 * THREADS + t]);
  CHECK(curandSetGeneratorOffset(xw, 0));
  CHECK(curandSetPseudoRandomGeneratorSeed(xw, seed));
  std::vector<double> ud = on_device<double>(2 * SUBSEQS, [&](double *d, size_t k) {
    return curandGenerateUniformDouble(xw, d, k);
  });
  CHECK(curandSetPseudoRandomGeneratorSeed(xw, seed));
  std::vector<float> nrm = on_device<float>(2 * SUBSEQS, [&](float *d, size_t k) {
    return curandGenerateNormal(xw, d, k, 0.0f, 1.0f);
  });
  for (int d = 0; d < 2; d++)
    for (int t = 0; t < THREADS; t++) {
      if (ud[d * SUBSEQS + t] != dev.xw_ud[d * THREADS + t])
        fail("XORWOW uniform double", d * SUBSEQS + t, ud[d * SUBSEQS + t], dev.xw_ud[d * THREADS + t]);
      // normals: the host's and the device's logf/sincospif may differ in the last bits
      if (std::fabs(nrm[d * SUBSEQS + t] - dev.xw_norm[d * THREADS + t]) > 1e-5f)
        fail("XORWOW normal", d * SUBSEQS + t, nrm[d * SUBSEQS + t], dev.xw_norm[d * THREADS + t]);
    }
  // Philox: groups of four, element 4 (g * 4096 + s) + d is draw 4 g + d of subsequence s
  std::vector<unsigned> praw = on_device<unsigned>(PD * SUBSEQS, [&](unsigned *d, size_t k) {
    return curandGenerate(ph, d, k);
  });
  CHECK(curandSetPseudoRandomGeneratorSeed(ph, seed));
  // a host generator writes host memory: the same stream
  curandGenerator_t phh;
  CHECK(curandCreateGeneratorHost(&phh, CURAND_RNG_PSEUDO_PHILOX4_32_10));
  CHECK(curandSetPseudoRandomGeneratorSeed(phh, seed));
  std::vector<float> puni(PD * SUBSEQS);
  CHECK(curandGenerateUniform(phh, puni.data(), puni.size()));
  for (int t = 0; t < THREADS; t++)
    for (int j = 0; j < PD; j++) {
      size_t e = 4 * ((j / 4) * SUBSEQS + t) + j % 4;
      if (praw[e] != dev.ph_raw[t * PD + j]) fail("Philox raw", (int)e, praw[e], dev.ph_raw[t * PD + j]);
      if (puni[e] != dev.ph_uni[t * PD + j]) fail("Philox uniform", (int)e, puni[e], dev.ph_uni[t * PD + j]);
    }

  // status codes: an odd count of normals, a generator simulee does not
  // have, no generator
  float *one;
  cudaMalloc(&one, 3 * sizeof(float));
  curandGenerator_t mrg;
  if (curandGenerateNormal(xw, one, 3, 0, 1) != CURAND_STATUS_LENGTH_NOT_MULTIPLE ||
      curandCreateGenerator(&mrg, CURAND_RNG_PSEUDO_MRG32K3A) != CURAND_STATUS_TYPE_ERROR ||
      curandGenerateUniform(nullptr, one, 3) != CURAND_STATUS_NOT_INITIALIZED)
    printf("status codes wrong\n"), wrong++;
  CHECK(curandDestroyGenerator(xw));
  CHECK(curandDestroyGenerator(ph));
  CHECK(curandDestroyGenerator(phh));
  cudaFree(one), cudaFree(ds);
  printf("rand: %d wrong\n", wrong);
  return wrong != 0;
}
