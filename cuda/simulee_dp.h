/* simulee CUDA headers: device-side kernel launches (dynamic parallelism).
 *
 * clang rejects `kernel<<<grid, block, shmem, stream>>>(args)` in device
 * code. simulee compiles such a file a second time with every device-side
 * launch rewritten (cli/compile.c) to
 *   __sim_dp_launch<&kernel>(grid, block, shmem, stream)(args)
 * which converts the arguments to the kernel's parameter types, packs them
 * into a parameter buffer (each at its alignment) and calls
 * __sim_device_launch, which the interpreter implements: it queues the child
 * grid (interp/exec.c). The kernel's address is taken at namespace scope (a
 * variable template), where clang's host/device check does not look. */
#ifndef SIMULEE_DP_H
#define SIMULEE_DP_H
#include "host_defines.h"
/* device code only: nothing for a plain host compiler, as NVIDIA's */
#ifndef __SIMULEE_HOST_COMPILER

#if defined(__cplusplus) && __cplusplus >= 201703L

/* cfg: grid x,y,z, block x,y,z, dynamic shared bytes, number of parameters,
 * parameter bytes, then the byte offset of each parameter in params. */
extern "C" __device__ int __sim_device_launch(const void *fn, const unsigned *cfg,
                                              const void *params);

template <auto F> __device__ const void *const __sim_kaddr = (const void *)F;

template <typename P>
__device__ __attribute__((always_inline, nodebug)) inline unsigned __sim_dp_put(unsigned char *buf, unsigned off, unsigned *offs,
                                        unsigned i, const P &v) {
  off = (off + (unsigned)alignof(P) - 1) & ~((unsigned)alignof(P) - 1);
  __builtin_memcpy(buf + off, &v, sizeof(P));
  offs[i] = off;
  return off + (unsigned)sizeof(P);
}

template <typename K> struct __sim_dp_sig;
template <typename... P> struct __sim_dp_sig<void (*)(P...)> {
  template <typename... A>
  static __device__ __attribute__((always_inline, nodebug)) cudaError_t go(const void *fn, dim3 g, dim3 b, unsigned s, A &&...a) {
    static_assert(sizeof...(P) == sizeof...(A),
                  "device-side launch: the number of arguments differs from the kernel's");
    constexpr unsigned n = sizeof...(P);
    unsigned cfg[9 + n + 1];
    alignas(16) unsigned char buf[(0 + ... + (sizeof(P) + alignof(P))) + 1];
    unsigned off = 0, i = 0;
    (void)i;
    ((off = __sim_dp_put<P>(buf, off, cfg + 9, i++, a)), ...);
    cfg[0] = g.x; cfg[1] = g.y; cfg[2] = g.z;
    cfg[3] = b.x; cfg[4] = b.y; cfg[5] = b.z;
    cfg[6] = s;
    cfg[7] = n;
    cfg[8] = off;
    return (cudaError_t)__sim_device_launch(fn, cfg, buf);
  }
};
template <typename... P>
struct __sim_dp_sig<void (*)(P...) noexcept> : __sim_dp_sig<void (*)(P...)> {};

template <auto F> struct __sim_dp_launcher {
  dim3 g, b;
  unsigned s;
  template <typename... A>
  __device__ __attribute__((always_inline, nodebug)) cudaError_t operator()(A &&...a) const {
    return __sim_dp_sig<decltype(F)>::go(__sim_kaddr<F>, g, b, s, static_cast<A &&>(a)...);
  }
};

/* Which kernel a launch names when the callee is a kernel template whose
 * arguments the call deduces, or an overloaded kernel: cli/compile.c then
 * rewrites `k<<<g, b>>>(x, y)` to a statement expression holding a probe,
 *   struct __sim_dp_q { static constexpr auto get()
 *     -> decltype(__sim_dp_pick<decltype(__sim_dp_types(x, y))>{}(&k,
 *                   __sim_dp_best{}))
 *     { return &k; } };
 *   __sim_dp_launch_q<__sim_dp_q>(g, b)(x, y)
 * The pattern: overload resolution of the address of an overload set
 * against a target type ([over.over]) used as a type probe. In the local
 * class, outside any function, clang resolves &k without the host/device
 * check that drops kernels named in a kernel; __sim_dp_pick's call
 * operators are the target types tried, in unevaluated context: the
 * launch's argument types decayed (deduces a template's arguments when its
 * parameters take the arguments as they are), then the same with some of
 * the first four pointers made pointers to const, else the one kernel of
 * the set with as many parameters as the launch has arguments (ranked by
 * __sim_dp_rank, the highest viable wins). get()'s type is
 * then the kernel's function type, and its value (read at namespace scope,
 * __sim_kaddr_q) the kernel. */
template <class... A> struct __sim_dp_typelist {};
template <class... A>
__host__ __device__ __sim_dp_typelist<A...> __sim_dp_types(A &&...);
template <unsigned N> struct __sim_dp_rank : __sim_dp_rank<N - 1> {};
template <> struct __sim_dp_rank<0> {};
template <unsigned N> struct __sim_dp_arity {};
template <> struct __sim_dp_arity<0> {
  constexpr auto operator()(void (*f)(), __sim_dp_rank<0>) const { return f; }
};
template <> struct __sim_dp_arity<1> {
  template <class P0>
  constexpr auto operator()(void (*f)(P0), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<2> {
  template <class P0, class P1>
  constexpr auto operator()(void (*f)(P0, P1), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<3> {
  template <class P0, class P1, class P2>
  constexpr auto operator()(void (*f)(P0, P1, P2), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<4> {
  template <class P0, class P1, class P2, class P3>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<5> {
  template <class P0, class P1, class P2, class P3, class P4>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<6> {
  template <class P0, class P1, class P2, class P3, class P4, class P5>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<7> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<8> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<9> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<10> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<11> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9, class P10>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<12> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9, class P10, class P11>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<13> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9, class P10, class P11, class P12>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12), __sim_dp_rank<0>)
                                      const {
    return f;
  }
};
template <> struct __sim_dp_arity<14> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9, class P10, class P11, class P12, class P13>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12,
                                      P13), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<15> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9, class P10, class P11, class P12, class P13, class P14>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12,
                                      P13, P14), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<16> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9, class P10, class P11, class P12, class P13, class P14,
            class P15>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12,
                                      P13, P14, P15), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<17> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9, class P10, class P11, class P12, class P13, class P14,
            class P15, class P16>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12,
                                      P13, P14, P15, P16), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<18> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9, class P10, class P11, class P12, class P13, class P14,
            class P15, class P16, class P17>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12,
                                      P13, P14, P15, P16, P17), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<19> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9, class P10, class P11, class P12, class P13, class P14,
            class P15, class P16, class P17, class P18>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12,
                                      P13, P14, P15, P16, P17, P18), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<20> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9, class P10, class P11, class P12, class P13, class P14,
            class P15, class P16, class P17, class P18, class P19>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12,
                                      P13, P14, P15, P16, P17, P18, P19), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<21> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9, class P10, class P11, class P12, class P13, class P14,
            class P15, class P16, class P17, class P18, class P19, class P20>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12,
                                      P13, P14, P15, P16, P17, P18, P19, P20), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<22> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9, class P10, class P11, class P12, class P13, class P14,
            class P15, class P16, class P17, class P18, class P19, class P20, class P21>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12,
                                      P13, P14, P15, P16, P17, P18, P19, P20, P21), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<23> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9, class P10, class P11, class P12, class P13, class P14,
            class P15, class P16, class P17, class P18, class P19, class P20, class P21,
            class P22>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12,
                                      P13, P14, P15, P16, P17, P18, P19, P20, P21, P22), __sim_dp_rank<0>) const {
    return f;
  }
};
template <> struct __sim_dp_arity<24> {
  template <class P0, class P1, class P2, class P3, class P4, class P5, class P6, class P7,
            class P8, class P9, class P10, class P11, class P12, class P13, class P14,
            class P15, class P16, class P17, class P18, class P19, class P20, class P21,
            class P22, class P23>
  constexpr auto operator()(void (*f)(P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12,
                                      P13, P14, P15, P16, P17, P18, P19, P20, P21, P22, P23), __sim_dp_rank<0>)
                                      const {
    return f;
  }
};
/* the candidates in order: a rank converts to every lower one, so the
 * highest viable wins */
template <class T, T... I> struct __sim_dp_seq {};
template <bool C, class T> struct __sim_dp_cq_ { typedef T type; };
template <class T> struct __sim_dp_cq_<true, T *> { typedef const T *type; };
/* T, or const U * for a U * T when bit I of M is set */
template <unsigned M, unsigned I, class T>
using __sim_dp_cq = typename __sim_dp_cq_<I < 4 && ((M >> I) & 1u), T>::type;
template <class L, class S> struct __sim_dp_pick_;
/* the argument types as they are, then (masks 1..15) with the pointers
 * among the first four made pointers to const (a `const T *` parameter
 * deduces T from a T * argument), then the arity */
#define __SIM_DP_CQ(M)                                                                      \
  constexpr auto operator()(void (*f)(__sim_dp_cq<M, I, __decay(A)>...),                    \
                            __sim_dp_rank<16 - M>) const {                                  \
    return f;                                                                               \
  }
template <class... A, unsigned... I>
struct __sim_dp_pick_<__sim_dp_typelist<A...>, __sim_dp_seq<unsigned, I...>>
    : __sim_dp_arity<sizeof...(A)> {
  using __sim_dp_arity<sizeof...(A)>::operator();
  __SIM_DP_CQ(0) __SIM_DP_CQ(1) __SIM_DP_CQ(2) __SIM_DP_CQ(3) __SIM_DP_CQ(4) __SIM_DP_CQ(5)
  __SIM_DP_CQ(6) __SIM_DP_CQ(7) __SIM_DP_CQ(8) __SIM_DP_CQ(9) __SIM_DP_CQ(10) __SIM_DP_CQ(11)
  __SIM_DP_CQ(12) __SIM_DP_CQ(13) __SIM_DP_CQ(14) __SIM_DP_CQ(15)
};
#undef __SIM_DP_CQ
template <class L> struct __sim_dp_pick_n;
template <class... A> struct __sim_dp_pick_n<__sim_dp_typelist<A...>> {
  typedef __sim_dp_pick_<__sim_dp_typelist<A...>,
                         __make_integer_seq<__sim_dp_seq, unsigned, sizeof...(A)>>
      type;
};
template <class L> using __sim_dp_pick = typename __sim_dp_pick_n<L>::type;
typedef __sim_dp_rank<16> __sim_dp_best;

template <class Q> __device__ const void *const __sim_kaddr_q = (const void *)Q::get();

template <class Q> struct __sim_dp_launcher_q {
  dim3 g, b;
  unsigned s;
  template <typename... A>
  __device__ __attribute__((always_inline, nodebug)) cudaError_t operator()(A &&...a) const {
    return __sim_dp_sig<decltype(Q::get())>::go(__sim_kaddr_q<Q>, g, b, s, static_cast<A &&>(a)...);
  }
};

template <class Q>
__device__ __attribute__((always_inline, nodebug)) inline __sim_dp_launcher_q<Q>
__sim_dp_launch_q(dim3 g, dim3 b, size_t s = 0, cudaStream_t t = 0) {
  (void)t;
  return __sim_dp_launcher_q<Q>{g, b, (unsigned)s};
}

template <auto F>
__device__ __attribute__((always_inline, nodebug)) inline __sim_dp_launcher<F> __sim_dp_launch(dim3 g, dim3 b, size_t s = 0,
                                                       cudaStream_t t = 0) {
  (void)t;
  return __sim_dp_launcher<F>{g, b, (unsigned)s};
}

#endif
#endif /* !__SIMULEE_HOST_COMPILER */
#endif
