// Pattern: message passing written with PTX memory-model instructions (as
// libcu++'s cuda::atomic_ref and NVIDIA's cooperative-groups grid sync do):
// st.release.gpu of the flag, ld.acquire.gpu spin on it. ptx_mp: clean.
// ptx_mp_relaxed: the flag store is st.relaxed (no release): race.
// ptx_mp_cta: release and acquire of .cta scope between two blocks: race.
// ptx_red: red.release.gpu.add raises the flag, ld.relaxed + fence.acq_rel
// acquire it: clean.
__device__ __forceinline__ void st_release(int *p, int v) {
  asm volatile("st.release.gpu.global.s32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ void st_relaxed(int *p, int v) {
  asm volatile("st.relaxed.gpu.global.s32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ void st_release_cta(int *p, int v) {
  asm volatile("st.release.cta.global.s32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ int ld_acquire(const int *p) {
  int v;
  asm volatile("ld.acquire.gpu.global.s32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ int ld_acquire_cta(const int *p) {
  int v;
  asm volatile("ld.acquire.cta.global.s32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ int ld_relaxed(const int *p) {
  int v;
  asm volatile("ld.relaxed.gpu.global.s32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void red_release_add(int *p, int v) {
  asm volatile("red.release.gpu.global.add.s32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

__global__ void ptx_mp(int *data, int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    st_release(flag, 1);
  } else {
    while (ld_acquire(flag) == 0) {
    }
    out[0] = data[0];
  }
}

__global__ void ptx_mp_relaxed(int *data, int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    st_relaxed(flag, 1);
  } else {
    while (ld_acquire(flag) == 0) {
    }
    out[0] = data[0];
  }
}

__global__ void ptx_mp_cta(int *data, int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    st_release_cta(flag, 1);
  } else {
    while (ld_acquire_cta(flag) == 0) {
    }
    out[0] = data[0];
  }
}

__global__ void ptx_red(int *data, int *flag, int *out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    red_release_add(flag, 1);
  } else {
    while (ld_relaxed(flag) == 0) {
    }
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
    out[0] = data[0];
  }
}

//@ run kernel=ptx_mp grid=2 block=32
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[1]
//@ expect none
//@ run kernel=ptx_mp grid=2 block=32 its
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[1]
//@ expect none
//@ run kernel=ptx_mp_relaxed grid=2 block=32
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 51 56
//@ run kernel=ptx_mp_relaxed grid=2 block=32 its
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 51 56
//@ run kernel=ptx_mp_cta grid=2 block=32
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 63 68
//@ expect race global rw 15 24
//@ run kernel=ptx_mp_cta grid=2 block=32 its
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[1]
//@ expect race global rw 63 68
//@ expect race global rw 15 24
//@ run kernel=ptx_red grid=2 block=32
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[1]
//@ expect none
//@ run kernel=ptx_red grid=2 block=32 its
//@ arg i32[1]
//@ arg i32[1]
//@ arg i32[1]
//@ expect none
