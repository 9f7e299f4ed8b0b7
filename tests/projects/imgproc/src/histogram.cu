// imgproc histograms: kernel templates. `histogram` and `histogram_atomic`
// are instantiated by the launches below; `equalize` is never instantiated,
// so there is nothing to analyse (simulee scan says so in a note).
#include <cuda_runtime.h>
#include <imgproc/image.cuh>
#include <imgproc/fill.cuh>

// Bug pattern: histogram without atomics. Threads whose values fall in one
// bin do `bins[b] += 1` unsynchronised: a data race on global memory (any
// launch where two threads of different warps or blocks meet in a bin; with
// 16 bins that is nearly every launch of more than one warp).
template <typename T>
__global__ void histogram(const T *data, unsigned *bins, unsigned n) {
  unsigned i = global_index();
  if (i >= n) return;
  unsigned b = (unsigned)data[i] % IMGPROC_BINS;
  bins[b] += 1;
}

// Clean: the same histogram with atomicAdd.
template <typename T>
__global__ void histogram_atomic(const T *data, unsigned *bins, unsigned n) {
  unsigned i = global_index();
  if (i >= n) return;
  atomicAdd(&bins[(unsigned)data[i] % IMGPROC_BINS], 1u);
}

// Never instantiated (no launch, no explicit instantiation).
template <typename T>
__global__ void equalize(T *data, const unsigned *cdf, unsigned n) {
  unsigned i = global_index();
  if (i < n) data[i] = (T)cdf[(unsigned)data[i] % IMGPROC_BINS];
}

void histograms(const unsigned char *dev_pixels, const int *dev_labels, unsigned *dev_bins,
                unsigned n) {
  histogram<unsigned char><<<(n + 255) / 256, 256>>>(dev_pixels, dev_bins, n);
  histogram_atomic<int><<<(n + 255) / 256, 256>>>(dev_labels, dev_bins, n);
  fill<unsigned><<<1, IMGPROC_BINS>>>(dev_bins, 0u, IMGPROC_BINS);
}
