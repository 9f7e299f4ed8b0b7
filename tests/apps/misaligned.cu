// Packing a header into a byte buffer: `*(int *)(buf + 1)` stores a 4-byte
// word at an odd address, which a GPU refuses ("misaligned address",
// cudaErrorMisalignedAddress). The byte stores around it are legal, and so
// is the memcpy of a packed field; only the word store is a finding.
#include <cstdio>
#include <cstring>

struct __attribute__((packed)) Header {
  char tag;
  int length;
};

__global__ void pack(char *buf, int n, int aligned) {
  int i = threadIdx.x;
  char *rec = buf + 8 * i;
  rec[0] = 'R';
  Header *h = (Header *)rec;
  h->length = n; // packed: the compiler splits it, legal anywhere
  if (!aligned) *(int *)(rec + 1) = n; // a word at an odd address
}

__global__ void shared_word(int *out, int off) {
  __shared__ char stage[64];
  stage[threadIdx.x] = (char)threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) *out = *(int *)(stage + off); // off 4 fine, 2 misaligned
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  char *d;
  int *o;
  cudaMalloc(&d, 8 * 32);
  cudaMalloc(&o, sizeof(int));
  pack<<<1, 32>>>(d, 1234, strcmp(mode, "global") != 0);
  cudaError_t e1 = cudaDeviceSynchronize();
  printf("global: %s\n", cudaGetErrorName(e1));
  if (strcmp(mode, "global")) {
    shared_word<<<1, 64>>>(o, strcmp(mode, "shared") ? 4 : 2);
    cudaError_t e2 = cudaDeviceSynchronize();
    printf("shared: %s\n", cudaGetErrorName(e2));
  }
  return 0;
}
