; Bug pattern: hand-made modules whose calls do not have the signature the
; interpreter lowers. Each passes LLVM's verifier; each kernel must load with
; its call lowered to "unsupported" (named, with the site), never lowered by
; position (reading operands that do not exist, writing a result that has no
; register).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; an NVVM look-alike with a void result and no operand
define ptx_kernel void @bitcast_void(ptr %out) {
  call void @llvm.nvvm.bitcast.x()
  store i32 1, ptr %out
  ret void
}

; a shuffle look-alike without its mask, value, lane and clamp operands
define ptx_kernel void @shfl_no_operands(ptr %out) {
  %v = call i32 @llvm.nvvm.shfl.sync.idx.x()
  store i32 %v, ptr %out
  ret void
}

; libdevice's sinf declared without its operand
define ptx_kernel void @sinf_no_operand(ptr %out) {
  %v = call float @__nv_sinf()
  store float %v, ptr %out
  ret void
}

; libdevice's cosf declared with a double result
define ptx_kernel void @cosf_double_result(ptr %out) {
  %v = call double @__nv_cosf(float 1.0)
  store double %v, ptr %out
  ret void
}

; vprintf with one operand
define ptx_kernel void @vprintf_one_operand(ptr %out) {
  %v = call i32 @vprintf(ptr %out)
  ret void
}

; a defined helper called with fewer operands than it has parameters
define internal i32 @twice(i32 %a) {
  %r = add i32 %a, %a
  ret i32 %r
}
define ptx_kernel void @helper_short_call(ptr %out) {
  %v = call i32 @twice()
  store i32 %v, ptr %out
  ret void
}

declare void @llvm.nvvm.bitcast.x()
declare i32 @llvm.nvvm.shfl.sync.idx.x()
declare float @__nv_sinf()
declare double @__nv_cosf(float)

; a call through a function type other than the callee's (sinf with an
; operand, where its declaration above has none)
define ptx_kernel void @sinf_call_type(ptr %out) {
  %v = call float @__nv_sinf(float 2.0)
  store float %v, ptr %out
  ret void
}
declare i32 @vprintf(ptr)
