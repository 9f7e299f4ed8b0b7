// Runtime behaviour a GPU has, each checked by the program itself:
// __device__ and __constant__ variables that keep their values across
// launches and are reached with cudaMemcpyTo/FromSymbol and
// cudaGetSymbolAddress; an array of device pointers stored in device memory;
// a struct argument holding a pointer; managed memory read by the host after
// cudaDeviceSynchronize; kernel printf on the program's stdout; the device
// properties of the target; streams and events; a failing device assert
// (cudaErrorAssert, sticky). Prints one line per check; exit 0 = all right.
#include <cassert>
#include <cstdio>
#include <cstring>

__device__ int counter;
__device__ float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__constant__ int coef[3];

struct Span {
  float *data;
  int len;
};

__global__ void bump(int by) {
  if (threadIdx.x == 0 && blockIdx.x == 0) counter += by;
}

__global__ void poly(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = coef[0] + coef[1] * i + coef[2] * i * i + table[i % 4];
}

__global__ void gather(float **rows, Span dst, int width) {
  int i = threadIdx.x;
  if (i < dst.len) dst.data[i] = rows[i / width][i % width];
}

__global__ void scale_managed(int *m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) m[i] *= 3;
}

__global__ void hello(int tag) {
  if (threadIdx.x == 1) printf("hello from block %d thread %d tag %d\n", blockIdx.x, threadIdx.x, tag);
}

__global__ void check_positive(const int *v, int n) {
  int i = threadIdx.x;
  if (i < n) assert(v[i] > 0);
}

static int fails;
static void check(const char *what, bool ok) {
  printf("%s: %s\n", what, ok ? "ok" : "WRONG");
  fails += !ok;
}

int main() {
  // persistent __device__ variable, symbol copies
  int zero = 0, got = -1;
  cudaMemcpyToSymbol(counter, &zero, sizeof zero);
  bump<<<1, 32>>>(5);
  bump<<<1, 32>>>(7);
  cudaMemcpyFromSymbol(&got, counter, sizeof got);
  check("__device__ counter across launches", got == 12);
  int *pc = nullptr;
  check("cudaGetSymbolAddress", cudaGetSymbolAddress((void **)&pc, counter) == cudaSuccess);
  cudaMemcpy(&got, pc, sizeof got, cudaMemcpyDeviceToHost);
  check("copy through the symbol address", got == 12);

  // __constant__ set by the host, initialised __device__ array
  int c[3] = {1, 2, 3};
  cudaMemcpyToSymbol(coef, c, sizeof c);
  const int n = 40;
  float *dout, hout[n];
  cudaMalloc(&dout, n * sizeof(float));
  poly<<<2, 32>>>(dout, n);
  cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += hout[i] != (float)(1 + 2 * i + 3 * i * i) + (i % 4 + 1);
  check("__constant__ and initialised __device__ data", wrong == 0);

  // pointers stored in device memory, a struct holding a pointer
  const int rows = 3, width = 4;
  float *row[rows], **drows, host_rows[rows][width];
  for (int r = 0; r < rows; r++) {
    for (int k = 0; k < width; k++) host_rows[r][k] = 10.0f * r + k;
    cudaMalloc(&row[r], width * sizeof(float));
    cudaMemcpy(row[r], host_rows[r], sizeof host_rows[r], cudaMemcpyHostToDevice);
  }
  cudaMalloc(&drows, sizeof row);
  cudaMemcpy(drows, row, sizeof row, cudaMemcpyHostToDevice);
  Span dst = {dout, rows * width};
  gather<<<1, 32>>>(drows, dst, width);
  cudaMemcpy(hout, dout, rows * width * sizeof(float), cudaMemcpyDeviceToHost);
  wrong = 0;
  for (int i = 0; i < rows * width; i++) wrong += hout[i] != host_rows[i / width][i % width];
  check("array of device pointers, struct argument", wrong == 0);

  // managed memory: the host writes, the kernel scales, the host reads
  int *m;
  cudaMallocManaged(&m, 100 * sizeof(int));
  for (int i = 0; i < 100; i++) m[i] = i;
  scale_managed<<<4, 32>>>(m, 100);
  cudaDeviceSynchronize();
  wrong = 0;
  for (int i = 0; i < 100; i++) wrong += m[i] != 3 * i;
  check("managed memory", wrong == 0);

  // device properties of the target (sm_70 unless --arch)
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  check("properties", p.warpSize == 32 && p.maxThreadsPerBlock == 1024 &&
                          p.maxThreadsDim[2] == 64 && p.sharedMemPerBlock == 48 * 1024 &&
                          p.major * 10 + p.minor == 70 && sms == p.multiProcessorCount &&
                          p.totalConstMem == 65536 && p.maxGridSize[1] == 65535);
  check("one device", cudaSetDevice(0) == cudaSuccess && cudaSetDevice(1) != cudaSuccess);
  cudaGetLastError();

  // streams and events
  cudaStream_t s;
  cudaEvent_t e0, e1;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  cudaEventRecord(e0, s);
  bump<<<1, 1, 0, s>>>(1);
  cudaEventRecord(e1, s);
  cudaStreamWaitEvent(0, e1, 0);
  cudaStreamSynchronize(s);
  float ms = -1;
  cudaMemcpyFromSymbol(&got, counter, sizeof got);
  check("stream launch and events",
        got == 13 && cudaEventElapsedTime(&ms, e0, e1) == cudaSuccess && ms >= 0);
  cudaStreamDestroy(s);

  // kernel printf goes to stdout
  fflush(stdout);
  hello<<<2, 4>>>(42);
  cudaDeviceSynchronize();

  // a failing device assert: cudaErrorAssert at the next synchronizing
  // call, and every call after it
  int hv[4] = {3, 1, 0, 5}, *dv;
  cudaMalloc(&dv, sizeof hv);
  cudaMemcpy(dv, hv, sizeof hv, cudaMemcpyHostToDevice);
  check_positive<<<1, 4>>>(dv, 4);
  cudaError_t a = cudaDeviceSynchronize();
  check("device assert", a == cudaErrorAssert);
  check("sticky", cudaMalloc(&dv, 4) == cudaErrorAssert && cudaGetLastError() == cudaErrorAssert);
  printf("%d wrong\n", fails);
  return fails != 0;
}
