// Order between launches and the host. Mode (argv[1]):
//   race     two kernels on two non-blocking streams write one buffer with
//            nothing between them (bug pattern: missing cross-stream
//            dependency): a race between launches
//   event    the same, the second stream waits for an event recorded after
//            the first kernel: clean
//   early    the host reads managed memory a kernel writes before
//            cudaDeviceSynchronize (bug pattern: missing synchronize before
//            host use of managed memory): a host/device race
//   synced   the same read after cudaDeviceSynchronize: clean
// The results are checked against host values in every mode.
#include <cstdio>
#include <cstring>

__global__ void fill(int *p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}

__global__ void add_one(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "race";
  const int n = 256;
  int h[n], wrong = 0;
  if (!strcmp(mode, "race") || !strcmp(mode, "event")) {
    int *d;
    cudaMalloc(&d, n * sizeof(int));
    cudaStream_t a, b;
    cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
    cudaEvent_t filled;
    cudaEventCreate(&filled);
    fill<<<n / 64, 64, 0, a>>>(d, n, 4);
    cudaEventRecord(filled, a);
    if (!strcmp(mode, "event")) cudaStreamWaitEvent(b, filled, 0);
    add_one<<<n / 64, 64, 0, b>>>(d, n);
    cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) wrong += h[i] != 5;
  } else {
    int *m;
    cudaMallocManaged(&m, n * sizeof(int));
    fill<<<n / 64, 64>>>(m, n, 9);
    if (!strcmp(mode, "synced")) cudaDeviceSynchronize();
    int first = m[0];
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++) wrong += m[i] != 9;
    wrong += first != 9;
  }
  printf("%s: %d wrong\n", mode, wrong);
  return wrong != 0;
}
