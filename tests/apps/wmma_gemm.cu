// Tensor-core GEMMs written as CUDA's samples write them with nvcuda::wmma:
// C = alpha * A * B + beta * C by 16x16x16 tiles, one warp per output tile
// (half inputs, float accumulator: A row-major, B column-major; the
// accumulator loaded, scaled element-wise over num_elements and stored),
// an int8 GEMM with an int accumulator (fill_fragment(acc, 0.0f) as the
// samples call it), a tf32 GEMM (16x16x8, inputs rounded with
// __float_to_tf32) and a double one (8x8x4), each checked against a host
// loop.
#include <mma.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
using namespace nvcuda;

template <class T> static T *dev(const std::vector<T> &h) {
  T *d;
  cudaMalloc(&d, h.size() * sizeof(T));
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <class T> static std::vector<T> host(const T *d, size_t n) {
  std::vector<T> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return h;
}

// M x K (row-major) times K x N (column-major): C is M x N row-major
__global__ void gemm_half(const half *a, const half *b, float *c, int M, int N, int K,
                          float alpha, float beta) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int tm = warp / (N / 16), tn = warp % (N / 16);
  if (tm >= M / 16) return;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc, fc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(fa, a + tm * 16 * K + k, K);
    wmma::load_matrix_sync(fb, b + tn * 16 * K + k, K);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  float *ct = c + tm * 16 * N + tn * 16;
  wmma::load_matrix_sync(fc, ct, N, wmma::mem_row_major);
  for (int i = 0; i < fc.num_elements; i++) fc.x[i] = alpha * acc.x[i] + beta * fc.x[i];
  wmma::store_matrix_sync(ct, fc, N, wmma::mem_row_major);
}

__global__ void gemm_int8(const signed char *a, const signed char *b, int *c, int K) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(fa, a + k, K);
    wmma::load_matrix_sync(fb, b + k * 16, 16);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_col_major);
}

__global__ void gemm_tf32(const float *a, const float *b, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, 8);
  wmma::load_matrix_sync(fb, b, 16);
  for (int i = 0; i < fa.num_elements; i++) fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
  for (int i = 0; i < fb.num_elements; i++) fb.x[i] = wmma::__float_to_tf32(fb.x[i]);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

__global__ void gemm_double(const double *a, const double *b, double *c) {
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
  wmma::load_matrix_sync(acc, c, 8, wmma::mem_row_major);
  wmma::load_matrix_sync(fa, a, 4);
  wmma::load_matrix_sync(fb, b, 8);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 8, wmma::mem_row_major);
}

int main() {
  int wrong = 0;
  // half: M=32, N=48, K=32 (6 warps, one tile each)
  const int M = 32, N = 48, K = 32;
  std::vector<half> ha(M * K), hb(K * N);
  std::vector<float> fa(M * K), fb(K * N), hc(M * N);
  for (int i = 0; i < M * K; i++) fa[i] = (float)((i * 7) % 11 - 5) * 0.25f;
  for (int i = 0; i < K * N; i++) fb[i] = (float)((i * 5) % 9 - 4) * 0.5f;
  for (int i = 0; i < M * N; i++) hc[i] = (float)(i % 5);
  for (int i = 0; i < M * K; i++) ha[i] = __float2half(fa[i]);
  for (int i = 0; i < K * N; i++) hb[i] = __float2half(fb[i]);
  half *da = dev(ha), *db = dev(hb);
  float *dc = dev(hc);
  gemm_half<<<3, 64>>>(da, db, dc, M, N, K, 2.0f, -1.0f);
  std::vector<float> c = host(dc, M * N);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = 0;
      for (int k = 0; k < K; k++) s += fa[i * K + k] * fb[j * K + k];
      if (c[i * N + j] != 2.0f * s - hc[i * N + j]) wrong++;
    }
  // int8: 16 x 16 x 48
  std::vector<signed char> ia(16 * 48), ib(48 * 16);
  for (int i = 0; i < 16 * 48; i++) ia[i] = (signed char)((i * 13) % 255 - 127);
  for (int i = 0; i < 48 * 16; i++) ib[i] = (signed char)((i * 29) % 255 - 127);
  signed char *dia = dev(ia), *dib = dev(ib);
  int *dic;
  cudaMalloc(&dic, 256 * sizeof(int));
  gemm_int8<<<1, 32>>>(dia, dib, dic, 48);
  std::vector<int> ic = host(dic, 256);
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      int s = 0;
      for (int k = 0; k < 48; k++) s += ia[i * 48 + k] * ib[k * 16 + j];
      if (ic[j * 16 + i] != s) wrong++;
    }
  // tf32: 16 x 16 x 8, the inputs need more than tf32's 10 mantissa bits
  std::vector<float> ta(16 * 8), tb(8 * 16);
  for (int i = 0; i < 16 * 8; i++) ta[i] = 1.0f + (float)i / 4096.0f;
  for (int i = 0; i < 8 * 16; i++) tb[i] = 1.0f - (float)i / 8192.0f;
  float *dta = dev(ta), *dtb = dev(tb), *dtc;
  cudaMalloc(&dtc, 256 * sizeof(float));
  gemm_tf32<<<1, 32>>>(dta, dtb, dtc);
  std::vector<float> tc = host(dtc, 256);
  auto tf32 = [](float v) {
    unsigned u;
    memcpy(&u, &v, 4);
    u = (u + 0xfffu + ((u >> 13) & 1u)) & 0xffffe000u;
    memcpy(&v, &u, 4);
    return v;
  };
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      float s = 0;
      for (int k = 0; k < 8; k++) s += tf32(ta[i * 8 + k]) * tf32(tb[k * 16 + j]);
      if (tc[i * 16 + j] != s) wrong++;
    }
  // double: 8 x 8 x 4 onto C
  std::vector<double> xa(32), xb(32), xc(64);
  for (int i = 0; i < 32; i++) xa[i] = 0.1 * (i % 7), xb[i] = 0.3 * (i % 5) - 0.5;
  for (int i = 0; i < 64; i++) xc[i] = (double)i;
  double *dxa = dev(xa), *dxb = dev(xb), *dxc = dev(xc);
  gemm_double<<<1, 32>>>(dxa, dxb, dxc);
  std::vector<double> xo = host(dxc, 64);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++) {
      double s = xc[i * 8 + j];
      for (int k = 0; k < 4; k++) s += xa[i * 4 + k] * xb[k * 8 + j];
      if (xo[i * 8 + j] != s) wrong++;
    }
  cudaError_t e = cudaDeviceSynchronize();
  printf("wmma gemms: %d wrong (%s)\n", wrong, cudaGetErrorString(e));
  return wrong != 0 || e != cudaSuccess;
}
