// Per-block sums of a float array on the GPU (sums.cu).
#pragma once
#include <vector>

// The sum of each block of `block` elements of x (n elements, n a multiple
// of block); racy: the reduction without its barriers.
std::vector<float> block_sums(const std::vector<float> &x, int block, bool racy);
