// Host reference of one step of tests/apps/multi.
#include <cstddef>
#include <vector>

void reference_step(float a, std::vector<float> &y, const std::vector<float> &x) {
  for (std::size_t i = 0; i < y.size(); i++) y[i] = 0.5f * (a * x[i] + y[i]);
}
