// Calls a runtime function simulee's CUDA runtime does not implement (a
// child graph node): the link fails and `simulee run` names the function.
#include <cstdio>

int main() {
  cudaGraph_t g, child;
  cudaGraphNode_t node;
  cudaGraphCreate(&g, 0);
  cudaGraphCreate(&child, 0);
  printf("%d\n", (int)cudaGraphAddChildGraphNode(&node, g, NULL, 0, child));
  return 0;
}
