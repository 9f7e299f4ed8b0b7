// Sorting device keys with CUB's DeviceRadixSort, as host code does it:
// a size query, the temporary storage, the sort. The inputs fit one tile
// (at most 256 x 19 keys), so CUB runs its single-tile kernel: the tests
// run that kernel on the device keys and compare with a host sort.
#include <cub/cub.cuh>
#include <cstdio>
#include <vector>

template <typename Key>
static int sort_on_device(const std::vector<Key> &keys, std::vector<Key> &sorted) {
  const int n = static_cast<int>(keys.size());
  const size_t bytes = n * sizeof(Key);
  Key *d_in = nullptr, *d_out = nullptr;
  cudaMalloc(&d_in, bytes);
  cudaMalloc(&d_out, bytes);
  cudaMemcpy(d_in, keys.data(), bytes, cudaMemcpyHostToDevice);
  void *d_temp = nullptr;
  size_t temp_bytes = 0;
  cub::DeviceRadixSort::SortKeys(d_temp, temp_bytes, d_in, d_out, n);
  cudaMalloc(&d_temp, temp_bytes);
  cub::DeviceRadixSort::SortKeys(d_temp, temp_bytes, d_in, d_out, n);
  sorted.resize(n);
  cudaMemcpy(sorted.data(), d_out, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_temp);
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}

int main() {
  std::vector<unsigned> keys(1000);
  std::vector<unsigned char> bytes(600);
  for (size_t i = 0; i < keys.size(); ++i) keys[i] = static_cast<unsigned>(i * 2654435761u);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<unsigned char>(i * 37u);
  std::vector<unsigned> sorted;
  std::vector<unsigned char> sorted_bytes;
  sort_on_device(keys, sorted);
  sort_on_device(bytes, sorted_bytes);
  std::printf("%u %u\n", sorted.front(), static_cast<unsigned>(sorted_bytes.back()));
  return 0;
}
