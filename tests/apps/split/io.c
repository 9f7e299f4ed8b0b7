/* The C helper of the split program: the runtime API from C, and a call of
 * a function this file never declares (report_count, in main.cpp), which
 * the host gcc of nvcc accepts with a warning. */
#include <cuda_runtime.h>
#include <stdlib.h>

int device_round_trip(float *values, int n) {
  float *d = NULL;
  float *back = (float *)malloc(n * sizeof(float));
  int changed = 0, i;
  if (!back || cudaMalloc((void **)&d, n * sizeof(float)) != cudaSuccess) return -1;
  cudaMemcpy(d, values, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(back, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (i = 0; i < n; i++) changed += back[i] != values[i];
  cudaFree(d);
  free(back);
  report_count("round trip", changed);
  return changed;
}
