// Shared memory is per kernel: a file of two kernels with 120 KiB of static
// __shared__ each (a double-buffered histogram and a staging tile, as a
// radix sort's upsweep and downsweep keep theirs), a helper that stages
// through a third 120 KiB array, and a kernel with no shared memory. Each
// block of each kernel holds only what that kernel (and what it calls)
// names, so none is refused for the others' 240 KiB; the pattern tested is
// the whole file's static shared memory counted against every kernel.
// big_upsweep / big_downsweep / plain_copy: clean. big_helper: a race, to
// show the helper's array is the kernel's own and observed.
#define TILE_WORDS (120 * 1024 / 4)

template <int WORDS>
struct Staging {
  static __device__ int *stage() {
    __shared__ int buf[WORDS];
    return buf;
  }
};

__global__ void big_upsweep(const int *in, int *out, int n) {
  __shared__ int hist[TILE_WORDS];
  for (int i = threadIdx.x; i < TILE_WORDS; i += blockDim.x) hist[i] = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x) atomicAdd(&hist[in[i] & 1023], 1);
  __syncthreads();
  if (threadIdx.x < 32) out[blockIdx.x * 32 + threadIdx.x] = hist[threadIdx.x];
}

__global__ void big_downsweep(const int *in, int *out, int n) {
  __shared__ int tile[TILE_WORDS];
  int base = blockIdx.x * blockDim.x;
  int i = base + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  int j = blockDim.x - 1 - threadIdx.x;
  if (i < n) out[i] = tile[j];
}

__global__ void big_helper(int *out) {
  int *s = Staging<TILE_WORDS>::stage();
  s[threadIdx.x] = (int)threadIdx.x;
  out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}

__global__ void plain_copy(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * 2;
}
//@ run kernel=big_upsweep grid=2 block=64
//@ arg i32[128]=5
//@ arg i32[64]
//@ arg 128
//@ expect none
//@ run kernel=big_downsweep grid=2 block=64
//@ arg i32[128]=iota
//@ arg i32[128]
//@ arg 128
//@ expect none
//@ run kernel=big_helper grid=1 block=64
//@ arg i32[64]
//@ expect race shared rw 41 42
//@ run kernel=plain_copy grid=2 block=64
//@ arg i32[128]=iota
//@ arg i32[128]
//@ arg 128
//@ expect none
