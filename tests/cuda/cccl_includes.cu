// Compile test for simulee's CUDA headers with CCCL as Debian ships it
// (CUB 1.17, Thrust 1.17, libcu++ 1.8 in /usr/include): CUB's block, warp
// and device-wide reduce/scan headers,
// Thrust's device algorithms in host code (device radix sorts are left out:
// clang warns that CUB's histogram loops cannot be unrolled), libcu++'s atomics and <cuda/std/*>
// headers, with no flag beyond simulee's own. Not a bug pattern.
// (<cuda/barrier>, <cuda/pipeline> and <cuda/std/chrono> of libcu++ 1.8 do
// not compile with clang: their inline assembly spells PTX registers with a
// single '%', which only nvcc accepts; <cuda/std/array> defines at() out of
// line without __host__ __device__, which clang rejects before C++17.)
// HOST-SIDE
// EXPECT: @_Z13flag_patternsPiPN4cuda3std3__46atomicIiEE
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_histogram.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <cuda/std/cassert>
#include <cuda/std/climits>
#include <cuda/std/cstdint>
#include <cuda/std/functional>
#include <cuda/std/latch>
#include <cuda/std/limits>
#include <cuda/std/semaphore>
#include <cuda/std/tuple>
#include <cuda/std/type_traits>
#include <cuda/std/utility>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/transform.h>

__global__ void flag_patterns(int *out, cuda::std::atomic<int> *flag) {
  static_assert(cuda::std::is_same<cuda::std::int32_t, int>::value, "int32");
  int pair[2] = {cuda::std::numeric_limits<int>::max(), 1};
  flag->store(pair[1], cuda::std::memory_order_release);
  out[threadIdx.x] = cuda::std::get<0>(cuda::std::make_tuple(pair[0], 2));
}

int sorted_sum(int n) {
  thrust::device_vector<int> v(thrust::counting_iterator<int>(0),
                               thrust::counting_iterator<int>(n));
  thrust::transform(v.begin(), v.end(), v.begin(), thrust::negate<int>());
  thrust::inclusive_scan(v.begin(), v.end(), v.begin());
  return thrust::reduce(v.begin(), v.end());
}
