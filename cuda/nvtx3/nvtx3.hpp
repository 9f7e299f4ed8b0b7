/* simulee CUDA headers: <nvtx3/nvtx3.hpp>, NVTX's C++ API (the parts
 * projects use: scoped ranges, marks, NVTX3_FUNC_RANGE), over the C API of
 * ../nvToolsExt.h (declaration-only: host code compiles, nothing runs). */
#ifndef SIMULEE_NVTX3_HPP
#define SIMULEE_NVTX3_HPP
#include "../nvToolsExt.h"
namespace nvtx3 {
inline namespace v1 {
struct domain {
  struct global {};
};
class message {
public:
  message(const char *m) : m_(m) {}
  const char *get() const { return m_; }
private:
  const char *m_; /* the text */
};
template <class D = domain::global> class scoped_range_in {
public:
  explicit scoped_range_in(const char *m) { nvtxRangePushA(m); }
  explicit scoped_range_in(const message &m) { nvtxRangePushA(m.get()); }
  scoped_range_in() { nvtxRangePushA(""); }
  ~scoped_range_in() { nvtxRangePop(); }
  scoped_range_in(const scoped_range_in &) = delete;
  scoped_range_in &operator=(const scoped_range_in &) = delete;
};
typedef scoped_range_in<domain::global> scoped_range;
inline void mark(const char *m) { nvtxMarkA(m); }
}
}
#define NVTX3_FUNC_RANGE() ::nvtx3::scoped_range __nvtx3_func_range__{__func__}
#define NVTX3_FUNC_RANGE_IN(D) ::nvtx3::scoped_range_in<D> __nvtx3_func_range__{__func__}
#endif
