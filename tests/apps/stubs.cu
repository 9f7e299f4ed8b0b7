// A program whose set-up code calls functions simulee does not implement
// on paths it can survive (a child graph, complex gemm, Poisson numbers, a
// cuBLASLt matrix transform, a driver entry point): each call returns its
// library's "not supported" status and the program goes on; each function
// is named once on stderr however often it is called. The program reads
// its own stderr back to count the lines.
// Pattern: none (clean).
#include <cublasLt.h>
#include <cublas_v2.h>
#include <curand.h>
#include <cstdio>
#include <cstring>
#include <unistd.h>

static int wrong = 0;

static void expect(const char *what, int got, int want) {
  if (got != want) printf("%s: got %d, want %d\n", what, got, want), wrong++;
}

int main() {
  // stderr into a file, to count the lines the runtime writes
  FILE *log = tmpfile();
  int saved = dup(2);
  fflush(stderr);
  dup2(fileno(log), 2);

  cudaGraph_t g, child;
  cudaGraphNode_t node;
  cudaGraphCreate(&g, 0);
  cudaGraphCreate(&child, 0);
  for (int i = 0; i < 3; i++) {
    expect("cudaGraphAddChildGraphNode", cudaGraphAddChildGraphNode(&node, g, NULL, 0, child),
           cudaErrorNotSupported);
    expect("cudaGetLastError", cudaGetLastError(), cudaErrorNotSupported);
  }
  expect("cudaGetLastError again", cudaGetLastError(), cudaSuccess);
  void *fn = nullptr;
  expect("cudaGetDriverEntryPoint", cudaGetDriverEntryPoint("cuMemAlloc", &fn, 0),
         cudaErrorNotSupported);
  cudaGetLastError();

  cublasHandle_t h;
  cublasCreate(&h);
  cuComplex one = make_cuComplex(1, 0), *a;
  cudaMalloc(&a, sizeof *a);
  for (int i = 0; i < 2; i++)
    expect("cublasCgemm", cublasCgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 1, 1, 1, &one, a, 1, a, 1,
                                      &one, a, 1),
           CUBLAS_STATUS_NOT_SUPPORTED);
  cublasDestroy(h);

  cublasLtHandle_t lt;
  cublasLtCreate(&lt);
  cublasLtMatrixTransformDesc_t td;
  for (int i = 0; i < 2; i++)
    expect("cublasLtMatrixTransformDescCreate", cublasLtMatrixTransformDescCreate(&td, CUDA_R_32F),
           CUBLAS_STATUS_NOT_SUPPORTED);
  cublasLtDestroy(lt);

  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  unsigned *counts;
  cudaMalloc(&counts, 64 * sizeof *counts);
  for (int i = 0; i < 2; i++)
    expect("curandGeneratePoisson", curandGeneratePoisson(gen, counts, 64, 4.0),
           CURAND_STATUS_NOT_INITIALIZED);
  curandDestroyGenerator(gen);
  cudaFree(counts);
  cudaFree(a);

  // the runtime's lines, each function once
  fflush(stderr);
  dup2(saved, 2);
  rewind(log);
  char line[512];
  int lines = 0;
  while (fgets(line, sizeof line, log)) {
    fputs(line, stderr);
    lines++;
  }
  expect("lines on stderr", lines, 5);
  printf("stubs: %d wrong\n", wrong);
  return wrong != 0;
}
