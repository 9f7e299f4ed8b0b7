#pragma once
#define CUB_NAMESPACE_BEGIN namespace cub {
#define CUB_NAMESPACE_END }
#define CUB_RUNTIME_FUNCTION __host__ __device__
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
