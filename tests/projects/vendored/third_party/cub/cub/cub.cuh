#pragma once
#include <cub/version.cuh>
#include <cub/block/block_reduce.cuh>
