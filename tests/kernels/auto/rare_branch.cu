// Pattern: a race behind a rarely taken data-dependent branch. Records are
// graded by key / 20; only grade >= 8 records are considered and only
// grade >= 16 (key >= 320) ones are merged, into one shared accumulator
// with a plain read-modify-write instead of atomicAdd: a read-write and a
// write-write race, but only for inputs with at least two such keys in a
// block. The search starts from small keys; the branch outcomes on the way
// (grade >= 8, then >= 16) are coverage it rewards.
__global__ void rare_merge(const int *key, int *out, int n) {
  __shared__ int acc;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) acc = 0;
  __syncthreads();
  if (i < n) {
    int k = key[i];
    int level = 0;
    if (k > 40) level = k / 20;
    if (level >= 8) {
      if (level >= 16) acc += k;
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = acc;
}

//@ auto kernel=rare_merge
//@ expect race shared rw 18 18
//@ expect race shared ww 18 18
