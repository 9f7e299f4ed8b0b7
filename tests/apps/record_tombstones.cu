// A hash table's maintenance pass counts live entries and tombstones before
// deciding whether to rehash. Bug pattern: a read-modify-write of a shared
// counter without an atomic on a data-dependent path: only deleted entries
// (the tombstone key -1, which the host writes when it erases) take it, so
// the race shows with the program's own table and not with searched inputs.
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int kEmpty = 0;
constexpr int kTombstone = -1;

static unsigned hash_key(int k) { return (unsigned)k * 2654435761u; }

template <int BLOCK>
__global__ void count_slots(const int *keys, int capacity, int *live, int *tombstones) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i >= capacity) return;
  int k = keys[i];
  if (k == kTombstone)
    *tombstones += 1; /* the bug: not atomicAdd */
  else if (k != kEmpty)
    atomicAdd(live, 1);
}

struct HostTable {
  std::vector<int> slots;
  explicit HostTable(int cap) : slots(cap, kEmpty) {}
  int find(int k) const {
    unsigned m = (unsigned)slots.size() - 1;
    for (unsigned h = hash_key(k) & m;; h = (h + 1) & m)
      if (slots[h] == k || slots[h] == kEmpty) return (int)h;
  }
  void insert(int k) { slots[find(k)] = k; }
  void erase(int k) {
    int h = find(k);
    if (slots[h] == k) slots[h] = kTombstone;
  }
};

int main() {
  const int n = 150;
  int capacity = 1;
  while (capacity < 2 * n) capacity <<= 1;
  HostTable t(capacity);
  for (int i = 1; i <= n; ++i) t.insert(i * 7 + 3);
  int erased = 0;
  for (int i = 1; i <= n; i += 9, ++erased) t.erase(i * 7 + 3);

  int *keys, *live, *tombstones;
  cudaMalloc(&keys, capacity * sizeof(int));
  cudaMalloc(&live, sizeof(int));
  cudaMalloc(&tombstones, sizeof(int));
  cudaMemcpy(keys, t.slots.data(), capacity * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(live, 0, sizeof(int));
  cudaMemset(tombstones, 0, sizeof(int));
  constexpr int kBlock = 64;
  count_slots<kBlock><<<(capacity + kBlock - 1) / kBlock, kBlock>>>(keys, capacity, live,
                                                                   tombstones);
  int host[2];
  cudaMemcpy(&host[0], live, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&host[1], tombstones, sizeof(int), cudaMemcpyDeviceToHost);
  printf("table %d slots: live %d (host %d): %s\n", capacity, host[0], n - erased,
         host[0] == n - erased ? "right" : "WRONG");
  cudaFree(keys);
  cudaFree(live);
  cudaFree(tombstones);
  return host[0] == n - erased ? 0 : 1;
}
