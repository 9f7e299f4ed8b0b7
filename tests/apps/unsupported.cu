// Calls a runtime function simulee's CUDA runtime does not implement
// (graphs): the link fails and `simulee run` names the function.
#include <cstdio>

int main() {
  cudaGraph_t g;
  printf("%d\n", (int)cudaGraphCreate(&g, 0));
  return 0;
}
