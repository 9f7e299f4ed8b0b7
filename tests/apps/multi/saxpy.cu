// The saxpy kernel of tests/apps/multi and the host function launching it.
__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

void launch_saxpy(float a, const float *x, float *y, int n) {
  int threads = 64;
  saxpy<<<(n + threads - 1) / threads, threads>>>(a, x, y, n);
}
