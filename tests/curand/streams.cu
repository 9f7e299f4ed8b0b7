// cuRAND device generators as Monte Carlo kernels seed them: one state per
// thread, curand_init(seed, subsequence = thread, offset 0), then raw draws
// and uniform floats. Compared with NVIDIA's cuRAND host API (curand_host.c)
// where a CUDA toolkit is installed. Pattern: none.
#include <curand_kernel.h>

#define DRAWS 4

__global__ void rng_streams(unsigned *xw_raw, unsigned *ph_raw, float *xw_uni, float *ph_uni,
                            unsigned long long seed) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  curandState xw, xw2;
  curandStatePhilox4_32_10_t ph, ph2;
  curand_init(seed, t, 0, &xw);
  curand_init(seed, t, 0, &xw2);
  curand_init(seed, t, 0, &ph);
  curand_init(seed, t, 0, &ph2);
  for (int d = 0; d < DRAWS; d++) {
    xw_raw[t * DRAWS + d] = curand(&xw);
    ph_raw[t * DRAWS + d] = curand(&ph);
    xw_uni[t * DRAWS + d] = curand_uniform(&xw2);
    ph_uni[t * DRAWS + d] = curand_uniform(&ph2);
  }
}
