// Particles integrated by a kernel that calls device functions of another
// file (physics.cu): built with relocatable device code. Mode (argv[1]):
//   step    semi-implicit Euler steps, against a host reference: clean
//   energy  also sums the kinetic energy through add_energy, which is not
//           atomic: a race in physics.cu
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "physics.h"

__global__ void step(Particle *p, int n, float dt, int nsteps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Particle q = p[i];
  for (int s = 0; s < nsteps; s++) {
    q.v += dt * accel(q.x, q.v);
    q.x += dt * q.v;
  }
  p[i] = q;
  atomicAdd(&steps_taken, (unsigned long long)nsteps);
}

__global__ void energy(const Particle *p, int n, float *total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) add_energy(total, 0.5f * p[i].v * p[i].v);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "step";
  const int n = 200, nsteps = 10;
  const float dt = 0.05f, k = 4.0f;
  std::vector<Particle> h(n), ref(n);
  for (int i = 0; i < n; i++) h[i] = ref[i] = Particle{(float)(i % 17) - 8.0f, 0.0f};
  Particle *d;
  float *total;
  cudaMalloc(&d, n * sizeof(Particle));
  cudaMalloc(&total, sizeof(float));
  cudaMemset(total, 0, sizeof(float));
  cudaMemcpy(d, h.data(), n * sizeof(Particle), cudaMemcpyHostToDevice);
  set_stiffness(k);
  step<<<(n + 63) / 64, 64>>>(d, n, dt, nsteps);
  if (!strcmp(mode, "energy")) energy<<<(n + 63) / 64, 64>>>(d, n, total);
  cudaMemcpy(h.data(), d, n * sizeof(Particle), cudaMemcpyDeviceToHost);
  unsigned long long taken = get_steps();
  int wrong = taken != (unsigned long long)n * nsteps;
  for (int i = 0; i < n; i++) {
    Particle q = ref[i];
    for (int s = 0; s < nsteps; s++) {
      q.v += dt * (-k * q.x - 0.5f * q.v);
      q.x += dt * q.v;
    }
    wrong += std::fabs(q.x - h[i].x) > 1e-4f || std::fabs(q.v - h[i].v) > 1e-4f;
  }
  printf("%s: %d wrong\n", mode, wrong);
  cudaFree(d), cudaFree(total);
  return wrong != 0;
}
