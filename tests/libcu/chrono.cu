// <cuda/std/chrono> (simulee's stand-in for libcu++ 1.8's): durations and
// their casts, and a kernel that times its own loop with system_clock, as
// instrumented kernels do. In simulee %globaltimer is a per-thread counter
// that each read advances by a fixed tick (interp/sreg.h), so the elapsed
// time is deterministic: one tick, whatever the loop did.
// Pattern: none (each thread writes its own elements).
// HOST-SIDE
#include <cuda/std/chrono>

namespace chr = cuda::std::chrono;

// out[0..5]: duration arithmetic and casts; out[6 + t]: thread t's elapsed
// nanoseconds around a loop of t+1 iterations; out[8]: to_time_t of
// from_time_t(1234).
__global__ void timed_loop(long long *out, int *sink) {
  int t = threadIdx.x;
  if (t == 0) {
    out[0] = chr::duration_cast<chr::microseconds>(chr::milliseconds(3)).count();
    out[1] = chr::duration_cast<chr::seconds>(chr::minutes(2) + chr::seconds(5)).count();
    out[2] = chr::duration_cast<chr::milliseconds>(chr::nanoseconds(2500000)).count();
    out[3] = (chr::hours(1) > chr::minutes(59)) ? 1 : 0;
    out[4] = chr::duration_cast<chr::nanoseconds>(chr::duration<double>(0.25)).count();
    out[5] = (chr::seconds(7) % chr::seconds(3)).count();
    out[8] = (long long)chr::system_clock::to_time_t(chr::system_clock::from_time_t(1234));
  }
  auto t0 = chr::system_clock::now();
  int acc = 0;
  for (int k = 0; k <= t * 50; k++) acc += k ^ t;
  sink[t] = acc;
  auto t1 = chr::system_clock::now();
  out[6 + t] = chr::duration_cast<chr::nanoseconds>(t1 - t0).count();
}

void run_timed(long long *o, int *s) { timed_loop<<<1, 2>>>(o, s); }
