// Library calls in the order between launches: a cuBLAS or cuRAND call is
// an operation on its handle's (generator's) stream, like a launch. Mode:
//   race        a kernel on non-blocking stream B writes the matrix that
//               cublasSgemm on stream A then reads, nothing between them
//               (bug pattern: a missing cross-stream dependency before a
//               library call): a race between launches naming cublasSgemm
//   event       stream A waits for an event recorded after the kernel: clean
//   rand_race   curandGenerateUniform on stream A writes a buffer a kernel
//               on stream B then reads, nothing between them: a race in the
//               kernel's launch naming curandGenerateUniform
//   rand_event  the same with an event between them: clean
// The results are checked against host references in every mode.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include <cublas_v2.h>
#include <curand.h>

// A(i, j) = (i + 2j) % 5 - 2, column-major with leading dimension ld
__global__ void init_matrix(float *A, int rows, int cols, int ld) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows * cols) return;
  int r = i % rows, c = i / rows;
  A[c * ld + r] = (float)((r + 2 * c) % 5 - 2);
}

__global__ void threshold(const float *u, int *out, int n, float t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = u[i] < t;
}

static int gemm(bool ordered) {
  const int m = 24, n = 16, k = 8;
  float *A, *B, *C;
  cudaMalloc(&A, m * k * sizeof(float));
  cudaMalloc(&B, k * n * sizeof(float));
  cudaMalloc(&C, m * n * sizeof(float));
  std::vector<float> hB(k * n), hC(m * n);
  for (int i = 0; i < k * n; i++) hB[i] = (float)(i % 3);
  cudaMemcpy(B, hB.data(), hB.size() * sizeof(float), cudaMemcpyHostToDevice);
  cudaStream_t sa, sb;
  cudaStreamCreateWithFlags(&sa, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&sb, cudaStreamNonBlocking);
  cudaEvent_t made;
  cudaEventCreateWithFlags(&made, cudaEventDisableTiming);
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, sa);
  init_matrix<<<(m * k + 63) / 64, 64, 0, sb>>>(A, m, k, m);
  cudaEventRecord(made, sb);
  if (ordered) cudaStreamWaitEvent(sa, made, 0);
  const float one = 1.0f, zero = 0.0f;
  cublasStatus_t st = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, m, B, k, &zero,
                                  C, m);
  cudaStreamSynchronize(sa);
  cudaMemcpy(hC.data(), C, hC.size() * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = st != CUBLAS_STATUS_SUCCESS;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int l = 0; l < k; l++) s += (float)((i + 2 * l) % 5 - 2) * hB[j * k + l];
      wrong += s != hC[j * m + i];
    }
  cublasDestroy(h);
  cudaFree(A), cudaFree(B), cudaFree(C);
  printf("%s: %d wrong\n", ordered ? "event" : "race", wrong);
  return wrong != 0;
}

static int rand_then_kernel(bool ordered) {
  const int n = 4096;
  float *u;
  int *below;
  cudaMalloc(&u, n * sizeof(float));
  cudaMalloc(&below, n * sizeof(int));
  cudaStream_t sa, sb;
  cudaStreamCreateWithFlags(&sa, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&sb, cudaStreamNonBlocking);
  cudaEvent_t drawn;
  cudaEventCreate(&drawn);
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(g, 1234ull);
  curandSetStream(g, sa);
  curandStatus_t st = curandGenerateUniform(g, u, n);
  cudaEventRecord(drawn, sa);
  if (ordered) cudaStreamWaitEvent(sb, drawn, 0);
  threshold<<<n / 128, 128, 0, sb>>>(u, below, n, 0.25f);
  cudaDeviceSynchronize();
  std::vector<float> hu(n);
  std::vector<int> hb(n);
  cudaMemcpy(hu.data(), u, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(hb.data(), below, n * sizeof(int), cudaMemcpyDeviceToHost);
  int wrong = st != CURAND_STATUS_SUCCESS, count = 0;
  for (int i = 0; i < n; i++) {
    wrong += hb[i] != (hu[i] < 0.25f) || hu[i] <= 0.0f || hu[i] > 1.0f;
    count += hb[i];
  }
  wrong += std::fabs(count / (double)n - 0.25) > 0.03; // a quarter below 0.25
  curandDestroyGenerator(g);
  cudaFree(u), cudaFree(below);
  printf("%s: %d wrong\n", ordered ? "rand_event" : "rand_race", wrong);
  return wrong != 0;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "race";
  if (!strcmp(mode, "race") || !strcmp(mode, "event")) return gemm(mode[0] == 'e');
  if (!strcmp(mode, "rand_race") || !strcmp(mode, "rand_event"))
    return rand_then_kernel(mode[5] == 'e');
  printf("unknown mode %s\n", mode);
  return 2;
}
