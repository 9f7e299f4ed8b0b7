/* jacobi.cu's program with an OpenCL host: the same sizes, launches and
 * checksum line. */
#include "clhost.h"
#include "common.h"

#include <string.h>

int main(int argc, char **argv) {
  int n = twins_arg(argc, argv, 1, 96), steps = twins_arg(argc, argv, 2, 60);
  size_t bytes = (size_t)n * n * sizeof(float);
  float *u = malloc(bytes), *f = malloc(bytes), *ref = malloc(bytes), *tmp = malloc(bytes);
  jacobi_init(u, f, n);
  memcpy(ref, u, bytes);
  twins_cl c;
  twins_cl_open(&c, TWINS_CL);
  cl_kernel k = twins_kernel(&c, "sweep");
  cl_mem du = twins_buffer(&c, bytes, u), dv = twins_buffer(&c, bytes, NULL);
  cl_mem df = twins_buffer(&c, bytes, f);
  size_t local[2] = {16, 16};
  size_t global[2] = {(size_t)(n + 15) / 16 * 16, (size_t)(n + 15) / 16 * 16};
  for (int s = 0; s < steps; s++) {
    CLCHECK(clSetKernelArg(k, 0, sizeof du, &du));
    CLCHECK(clSetKernelArg(k, 1, sizeof dv, &dv));
    CLCHECK(clSetKernelArg(k, 2, sizeof df, &df));
    CLCHECK(clSetKernelArg(k, 3, sizeof n, &n));
    CLCHECK(clEnqueueNDRangeKernel(c.q, k, 2, NULL, global, local, 0, NULL, NULL));
    cl_mem t = du; du = dv; dv = t;
  }
  twins_read(&c, du, bytes, u);
  for (int s = 0; s < steps; s++) {
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++) tmp[y * n + x] = jacobi_point(ref, f, n, x, y);
    float *t = ref; ref = tmp; tmp = t;
  }
  int ok = memcmp(u, ref, bytes) == 0;
  printf("jacobi n=%d steps=%d checksum=%016llx %s\n", n, steps,
         (unsigned long long)twins_fnv(u, bytes), ok ? "ok" : "WRONG");
  return !ok;
}
