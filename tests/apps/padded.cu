// A host that pads the element count to a multiple of the block size in a
// variable (nelr) and launches exactly nelr threads: the kernels have no
// bounds check and index structure-of-arrays data by nelr, as flux solvers
// over unstructured meshes do. A free search that draws nelr independently
// of the grid would report out-of-bounds accesses (bug pattern it would
// flag: a missing bounds check); under `simulee run` the program's own
// launches are clean. Padding elements hold a neutral state.
#include <cstdio>
#include <cstdlib>
#include <vector>

#define BLOCK 64
#define NVAR 3

__global__ void init_state(float *vars, int nelr) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  vars[i + 0 * nelr] = 1.0f;
  vars[i + 1 * nelr] = 0.0f;
  vars[i + 2 * nelr] = 2.5f;
}

__global__ void step(const float *vars, const float *area, float *fluxes, int nelr) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float rho = vars[i + 0 * nelr], mom = vars[i + 1 * nelr], e = vars[i + 2 * nelr];
  float a = area[i];
  fluxes[i + 0 * nelr] = a * (rho + mom);
  fluxes[i + 1 * nelr] = a * (mom * 0.5f + e);
  fluxes[i + 2 * nelr] = a * (e - rho);
}

int main(int argc, char **argv) {
  int nel = argc > 1 ? atoi(argv[1]) : 1000;
  int nelr = BLOCK * ((nel / BLOCK) + ((nel % BLOCK) ? 1 : 0));
  std::vector<float> area(nelr, 0.0f), fluxes((size_t)NVAR * nelr);
  for (int i = 0; i < nel; i++) area[i] = 0.25f * (float)(i % 9 + 1);
  float *vars, *darea, *dflux;
  cudaMalloc(&vars, sizeof(float) * NVAR * nelr);
  cudaMalloc(&darea, sizeof(float) * nelr);
  cudaMalloc(&dflux, sizeof(float) * NVAR * nelr);
  cudaMemcpy(darea, area.data(), sizeof(float) * nelr, cudaMemcpyHostToDevice);
  dim3 block(BLOCK), grid(nelr / BLOCK);
  init_state<<<grid, block>>>(vars, nelr);
  step<<<grid, block>>>(vars, darea, dflux, nelr);
  cudaMemcpy(fluxes.data(), dflux, sizeof(float) * NVAR * nelr, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < nelr; i++) {
    float a = area[i];
    wrong += fluxes[i] != a * 1.0f;
    wrong += fluxes[i + nelr] != a * 2.5f;
    wrong += fluxes[i + 2 * nelr] != a * 1.5f;
  }
  printf("padded %d to %d: %d wrong\n", nel, nelr, wrong);
  cudaFree(vars), cudaFree(darea), cudaFree(dflux);
  return wrong != 0;
}
