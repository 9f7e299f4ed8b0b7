// A recursion behind a mode parameter (tests/jit.cmake): the pattern of
// cuda-samples' interval (`switch (implementation_choice)`, one case a
// recursive device function). The recursive call cannot be inlined, so the
// kernel is compiled again with its integer arguments as the launch's
// constants, which drops the recursive path: the launches with that mode
// run as native code, those with another mode are interpreted. The
// iterative path also calls nan("") (a libdevice function that reads a
// string through a pointer). Checked against host loops.
#include <cstdio>

// two recursive calls: no compiler makes this a loop
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__global__ void sums(int *out, double *flag, int mode) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, n = i % 16;
  int s = 0;
  if (mode == 1) {
    s = fib(n);
  } else {
    int a = 0, b = 1;
    for (int k = 0; k < n; k++) {
      int t = a + b;
      a = b;
      b = t;
    }
    s = a;
    flag[i] = n == 7 ? nan("") : (double)n;
  }
  out[i] = s;
}

int main() {
  const int n = 64 * 128;
  int *out, *h = new int[n];
  double *flag, *hf = new double[n];
  cudaMalloc(&out, n * sizeof(int));
  cudaMalloc(&flag, n * sizeof(double));
  long wrong = 0;
  int fibs[16] = {0, 1};
  for (int k = 2; k < 16; k++) fibs[k] = fibs[k - 1] + fibs[k - 2];
  const int modes[5] = {0, 0, 1, 0, 0};
  for (int r = 0; r < 5; r++) {
    sums<<<64, 128>>>(out, flag, modes[r]);
    cudaMemcpy(h, out, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(hf, flag, n * sizeof(double), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
      int m = i % 16;
      wrong += h[i] != fibs[m];
      if (modes[r] == 0) wrong += m == 7 ? hf[i] == hf[i] : hf[i] != (double)m;
    }
  }
  printf("recursion_mode: %ld wrong\n", wrong);
  return wrong != 0;
}
