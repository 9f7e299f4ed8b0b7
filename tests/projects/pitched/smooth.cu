// A small image tool: exponential smoothing along the rows of a pitched
// image (cudaMallocPitch), one thread per row. The sizes come from the
// command line, so the host code allocates width * sizeof(float) bytes per
// row, rounded up by the runtime to the pitch it returns, and passes that
// pitch to the kernels.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// Pattern: an off-by-one at the row end of a pitched image (the loop runs
// to x <= width). The last iteration reads and writes one element past the
// row: into the row's padding when the pitch has some, into the next row's
// first pixel when the width fills the pitch (a multiple of 128 floats:
// a read-write race with the next row's thread, which reads that pixel), and
// past the allocation after the last row.
__global__ void smooth_rows(float *img, size_t pitch, int width, int height, float alpha) {
  int y = blockIdx.x * blockDim.x + threadIdx.x;
  if (y >= height) return;
  float *row = (float *)((char *)img + y * pitch);
  float acc = row[0];
  for (int x = 1; x <= width; x++) {
    acc = alpha * row[x] + (1.0f - alpha) * acc;
    row[x] = acc;
  }
}

// The clean twin: the same filter with the loop bound right.
__global__ void smooth_rows_ok(float *img, size_t pitch, int width, int height, float alpha) {
  int y = blockIdx.x * blockDim.x + threadIdx.x;
  if (y >= height) return;
  float *row = (float *)((char *)img + y * pitch);
  float acc = row[0];
  for (int x = 1; x < width; x++) {
    acc = alpha * row[x] + (1.0f - alpha) * acc;
    row[x] = acc;
  }
}

static int smooth_image(float *host, int width, int height, float alpha, int fixed) {
  float *d_img = NULL;
  size_t pitch = 0;
  if (cudaMallocPitch(&d_img, &pitch, width * sizeof(float), height) != cudaSuccess) return 1;
  cudaMemcpy2D(d_img, pitch, host, width * sizeof(float), width * sizeof(float), height,
               cudaMemcpyHostToDevice);
  if (fixed)
    smooth_rows_ok<<<(height + 63) / 64, 64>>>(d_img, pitch, width, height, alpha);
  else
    smooth_rows<<<(height + 127) / 128, 128>>>(d_img, pitch, width, height, alpha);
  cudaMemcpy2D(host, width * sizeof(float), d_img, pitch, width * sizeof(float), height,
               cudaMemcpyDeviceToHost);
  cudaFree(d_img);
  return 0;
}

int main(int argc, char **argv) {
  int width = argc > 1 ? atoi(argv[1]) : 640;
  int height = argc > 2 ? atoi(argv[2]) : 480;
  float *img = (float *)calloc((size_t)width * height, sizeof(float));
  if (!img) return 1;
  int rc = smooth_image(img, width, height, 0.25f, argc > 3);
  printf("%f\n", img[0]);
  free(img);
  return rc;
}

//@ auto kernel=smooth_rows
//@ expect race global rw 20 23
//@ expect oob global 22
//@ expect oob global 23
//@ auto kernel=smooth_rows_ok
//@ expect none
