// Host driver that #includes its kernels from another .cu file.
#include "jacobi_kernels.cu"

void jacobi(float *u, float *v, int n, int iters) {
  for (int it = 0; it < iters; it++) {
    jacobi_step<<<1, 128>>>(u, v, n);
    float *t = u;
    u = v;
    v = t;
  }
}
