// The C++ driver of the split program: inputs, the device blend through
// blend.cu's launcher, the host reference through the same __host__
// __device__ helper, and a round trip through io.c.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "blend.h"

extern "C" int report_count(const char *what, int count) {
  std::printf("%s: %d changed\n", what, count);
  return count;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1000;
  std::vector<float2> in(n);
  for (int i = 0; i < n; i++) in[i] = make_float2((float)i, (float)(2 * i + 1));
  std::vector<float> out(n, -1.0f);
  int e = blend_on_device(in.data(), out.data(), n, 0.25f);
  if (e != 0) {
    std::printf("blend: %s\n", cudaGetErrorString((cudaError_t)e));
    return 1;
  }
  int wrong = 0;
  for (int i = 0; i < n; i++) wrong += out[i] != blend(in[i], 0.25f);
  dim3 shape(n);
  std::printf("split n=%u: %d wrong\n", shape.x, wrong);
  return device_round_trip(out.data(), n) == 0 && wrong == 0 ? 0 : 1;
}
