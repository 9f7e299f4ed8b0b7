// Thrust algorithms built on a single-pass scan with decoupled look-back
// (each tile waits for its predecessors' published status), at sizes whose
// launches have more threads than --check-threads: the scan, a stream
// compaction and a scan by key, against host loops.
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/scan.h>
#include <cstdio>

struct odd {
  __host__ __device__ bool operator()(int x) const { return x & 1; }
};

int main() {
  const int n = 1 << 21;
  thrust::host_vector<int> h(n), keys(n);
  for (int i = 0; i < n; i++) {
    h[i] = (i * 7) % 11 - 5;
    keys[i] = i / 1000;
  }
  thrust::device_vector<int> v = h, k = keys, out(n);
  thrust::inclusive_scan(v.begin(), v.end(), out.begin());
  thrust::host_vector<int> r = out;
  int wrong = 0, s = 0;
  for (int i = 0; i < n; i++) {
    s += h[i];
    wrong += r[i] != s;
  }
  printf("inclusive_scan: %d of %d differ\n", wrong, n);
  int kept = (int)(thrust::copy_if(v.begin(), v.end(), out.begin(), odd()) - out.begin());
  r = out;
  int want = 0;
  wrong = 0;
  for (int i = 0; i < n; i++)
    if (h[i] & 1) wrong += want < kept && r[want++] != h[i];
  printf("copy_if: kept %d (host %d), %d differ\n", kept, want, wrong);
  thrust::inclusive_scan_by_key(k.begin(), k.end(), v.begin(), out.begin());
  r = out;
  wrong = 0;
  s = 0;
  for (int i = 0; i < n; i++) {
    s = (i && keys[i] == keys[i - 1]) ? s + h[i] : h[i];
    wrong += r[i] != s;
  }
  printf("inclusive_scan_by_key: %d of %d differ\n", wrong, n);
  return 0;
}
