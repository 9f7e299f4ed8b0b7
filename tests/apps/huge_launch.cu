// Launches of more threads than the detectors tell apart in one launch
// (2^26): 65537 blocks of 1024 threads. Checked, such a launch is checked
// on a sample of its blocks (the first 1024, the last 1024 and blocks evenly
// spaced between them), and every block's accesses of global memory are
// compared between blocks word by word. Modes (argv[1]):
//   clean   every block writes its own element: no finding
//   shared  the last block (sampled) reads shared memory another warp
//           writes without a barrier: a race witnessed in block 65536
//   global  block 3002 writes a word that block 5001 reads (neither sampled):
//           a race between blocks found by the word tracking
//   fenced  the same, but the kernel orders blocks with __threadfence():
//           not reported, with a note saying why
//   double  (run with --check none) 131074 blocks of 1024 threads, 2^27 +
//           2048 threads: runs, unchecked, whatever its size
//   toomany a grid of 65536 x 65535 blocks, more than the 2^31 - 1 blocks
//           simulee numbers: refused (cudaErrorLaunchOutOfResources)
// Every mode checks the clean part of the output on the host.
#include <cstdio>
#include <cstring>

__global__ void huge(int *out, int *flag, int mode) {
  __shared__ int s[2];
  unsigned b = blockIdx.x;
  if (threadIdx.x >= 64) return;
  if (threadIdx.x == 0) out[b] = (int)b;
  if (mode == 1 && b == gridDim.x - 1) {
    if (threadIdx.x == 0) s[0] = 1;
    if (threadIdx.x == 32) flag[1] = s[0];
  }
  if (mode >= 2 && threadIdx.x == 0) {
    if (mode == 3) __threadfence();
    if (b == 3002) flag[0] = 7;
    if (b == 5001) flag[2] = flag[0];
  }
}

int main(int argc, char **argv) {
  const char *m = argc > 1 ? argv[1] : "clean";
  int mode = !strcmp(m, "shared") ? 1 : !strcmp(m, "global") ? 2 : !strcmp(m, "fenced") ? 3 : 0;
  const unsigned nb = !strcmp(m, "double") ? 131074 : 65537;
  int *out, *flag;
  cudaMalloc(&out, nb * sizeof(int));
  cudaMalloc(&flag, 4 * sizeof(int));
  cudaMemset(flag, 0, 4 * sizeof(int));
  if (!strcmp(m, "toomany")) {
    huge<<<dim3(65536, 65535), 32>>>(out, flag, 0);
    printf("huge toomany: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
  }
  huge<<<nb, 1024>>>(out, flag, mode);
  cudaError_t e = cudaDeviceSynchronize();
  static int h[131074];
  cudaMemcpy(h, out, nb * sizeof(int), cudaMemcpyDeviceToHost);
  unsigned wrong = 0;
  for (unsigned b = 0; b < nb; b++) wrong += h[b] != (int)b;
  printf("huge %s: %s, %u wrong\n", m, cudaGetErrorString(e), wrong);
  return wrong != 0;
}
