// Pattern: a device-wide spin lock taken by every thread, so lanes of one
// warp contend for it (legal since Volta's independent thread scheduling;
// under lock-step SIMT it deadlocks, so only --its runs are declared).
// lock_all: the naive form (spin until the CAS succeeds, critical section
// after the loop); lock_all_done: the "done flag" form with the critical
// section inside the loop. Both clean: simulee must let the lane holding the
// lock run on while its warp-mates spin.
__device__ int wl_mutex = 0;
__device__ int wl_mutex2 = 0;

__global__ void lock_all(int *total) {
  while (atomicCAS(&wl_mutex, 0, 1) != 0) {
  }
  __threadfence();
  *total += 1;
  __threadfence();
  atomicExch(&wl_mutex, 0);
}

__global__ void lock_all_done(int *total) {
  bool done = false;
  while (!done) {
    if (atomicCAS(&wl_mutex2, 0, 1) == 0) {
      __threadfence();
      *total += 1;
      __threadfence();
      atomicExch(&wl_mutex2, 0);
      done = true;
    }
  }
}

//@ run kernel=lock_all grid=2 block=32 its
//@ arg i32[1]
//@ expect none
//@ run kernel=lock_all_done grid=2 block=32 its
//@ arg i32[1]
//@ expect none
