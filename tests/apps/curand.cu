// cuRAND's host API through the runtime: uniform and normal draws into
// device memory, their statistics checked on the host (mean, variance,
// range), the same seed giving the same numbers, and a kernel consuming the
// draws (scaling them) in the same device memory.
#include <cmath>
#include <cstdio>
#include <curand.h>
#include <vector>

__global__ void scale(float *p, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= s;
}

static int fails;
static void check(const char *what, bool ok) {
  printf("%s: %s\n", what, ok ? "ok" : "WRONG");
  fails += !ok;
}

int main() {
  const int n = 100000;
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  curandGenerator_t g;
  check("create", curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT) == CURAND_STATUS_SUCCESS);
  curandSetPseudoRandomGeneratorSeed(g, 1234ULL);
  curandGenerateUniform(g, d, n);
  std::vector<float> u(n);
  cudaMemcpy(u.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  double m = 0, v = 0;
  bool in_range = true;
  for (float x : u) m += x, in_range &= x > 0.0f && x <= 1.0f;
  m /= n;
  for (float x : u) v += (x - m) * (x - m);
  v /= n;
  check("uniform in (0, 1]", in_range);
  check("uniform mean 1/2", std::fabs(m - 0.5) < 0.01);
  check("uniform variance 1/12", std::fabs(v - 1.0 / 12) < 0.005);

  scale<<<(n + 255) / 256, 256>>>(d, n, 2.0f);
  std::vector<float> s(n);
  cudaMemcpy(s.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += s[i] != 2.0f * u[i];
  check("kernel on the draws", wrong == 0);

  curandGenerateNormal(g, d, n, 3.0f, 2.0f);
  cudaMemcpy(u.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  m = v = 0;
  for (float x : u) m += x;
  m /= n;
  for (float x : u) v += (x - m) * (x - m);
  v /= n;
  check("normal mean 3", std::fabs(m - 3.0) < 0.05);
  check("normal stddev 2", std::fabs(std::sqrt(v) - 2.0) < 0.05);
  check("odd normal count refused", curandGenerateNormal(g, d, 3, 0.0f, 1.0f) ==
                                        CURAND_STATUS_LENGTH_NOT_MULTIPLE);

  curandGenerator_t g2;
  curandCreateGenerator(&g2, CURAND_RNG_PSEUDO_XORWOW);
  curandSetPseudoRandomGeneratorSeed(g2, 1234ULL);
  curandSetPseudoRandomGeneratorSeed(g, 1234ULL);
  std::vector<float> a(64), b(64);
  curandGenerateUniform(g, d, 64);
  cudaMemcpy(a.data(), d, 64 * sizeof(float), cudaMemcpyDeviceToHost);
  curandGenerateUniform(g2, d, 64);
  cudaMemcpy(b.data(), d, 64 * sizeof(float), cudaMemcpyDeviceToHost);
  check("same seed, same numbers", a == b);
  curandDestroyGenerator(g);
  curandDestroyGenerator(g2);
  printf("%d wrong\n", fails);
  return fails != 0;
}
