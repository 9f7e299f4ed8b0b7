// Dynamic parallelism as recursive sorts write it: a quicksort kernel
// template partitions its range with one thread and launches itself on
// each half from the device (the element type deduced from the launch's
// arguments), small ranges go to a selection-sort kernel template, the
// sorted keys are copied to the output with cudaMemcpyAsync in device code
// after a cudaMemsetAsync clears a flag word, and an overloaded kernel (an
// older declaration of it with fewer parameters stays in scope) marks the
// end. Results against std::sort, for int and float keys.
#include <algorithm>
#include <cstdio>
#include <vector>

#define MAX_DEPTH 6
#define SMALL 24

// the old interface, left declared (never defined nor launched)
__global__ void mark_done(int *flag);
__global__ void mark_done(int *flag, int value, unsigned n) {
  if (threadIdx.x == 0) flag[1] = value ? (int)n : -1;
}

// selection sort of [left, right] by one thread
template <typename T> __global__ void small_sort(T *data, int left, int right) {
  if (threadIdx.x != 0) return;
  for (int i = left; i <= right; i++) {
    int m = i;
    for (int j = i + 1; j <= right; j++)
      if (data[j] < data[m]) m = j;
    T t = data[i];
    data[i] = data[m];
    data[m] = t;
  }
}

template <typename T> __global__ void quick(T *data, int left, int right, int depth) {
  if (threadIdx.x != 0) return;
  if (depth >= MAX_DEPTH || right - left <= SMALL) {
    small_sort<<<1, 1>>>(data, left, right);
    return;
  }
  // Lomuto partition around the middle element
  int mid = left + (right - left) / 2;
  T pivot = data[mid];
  data[mid] = data[right];
  data[right] = pivot;
  int store = left;
  for (int i = left; i < right; i++)
    if (data[i] < pivot) {
      T t = data[i];
      data[i] = data[store];
      data[store] = t;
      store++;
    }
  data[right] = data[store];
  data[store] = pivot;
  cudaStream_t s1, s2;
  cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
  if (left < store - 1) quick<<<1, 32, 0, s1>>>(data, left, store - 1, depth + 1);
  if (store + 1 < right) quick<<<1, 32, 0, s2>>>(data, store + 1, right, depth + 1);
  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
}

template <typename T> __global__ void sort_and_copy(T *data, T *out, int n, int *flag) {
  if (threadIdx.x != 0) return;
  cudaMemsetAsync(flag, 0xff, sizeof(int));
  quick<<<1, 32>>>(data, 0, n - 1, 0);
  cudaDeviceSynchronize();
  cudaMemcpyAsync(out, data, n * sizeof(T), cudaMemcpyDeviceToDevice);
  // a bool and an int where the kernel takes int and unsigned
  mark_done<<<1, 1>>>(flag, n > 0, n);
}

template <typename T> static int run(const char *name, int n, unsigned seed) {
  std::vector<T> h(n);
  for (int i = 0; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    h[i] = (T)((seed >> 8) % 1000) - (T)500 + (T)(i % 3) / (T)4;
  }
  T *d, *out;
  int *flag;
  cudaMalloc(&d, n * sizeof(T));
  cudaMalloc(&out, n * sizeof(T));
  cudaMalloc(&flag, 2 * sizeof(int));
  cudaMemset(out, 0, n * sizeof(T));
  cudaMemset(flag, 0, 2 * sizeof(int));
  cudaMemcpy(d, h.data(), n * sizeof(T), cudaMemcpyHostToDevice);
  sort_and_copy<<<1, 32>>>(d, out, n, flag);
  cudaError_t e = cudaDeviceSynchronize();
  std::vector<T> got(n);
  int f[2] = {0, 0};
  cudaMemcpy(got.data(), out, n * sizeof(T), cudaMemcpyDeviceToHost);
  cudaMemcpy(f, flag, 2 * sizeof(int), cudaMemcpyDeviceToHost);
  std::sort(h.begin(), h.end());
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += got[i] != h[i];
  printf("%s: %d keys, %d wrong, flag %s, done %d (%s)\n", name, n, wrong,
         f[0] == -1 ? "set" : "unset", f[1], cudaGetErrorString(e));
  cudaFree(d);
  cudaFree(out);
  cudaFree(flag);
  return wrong != 0 || f[0] != -1 || f[1] != n || e != cudaSuccess;
}

int main() {
  cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, MAX_DEPTH + 1);
  int bad = run<int>("int", 700, 1u);
  bad |= run<float>("float", 500, 7u);
  return bad;
}
