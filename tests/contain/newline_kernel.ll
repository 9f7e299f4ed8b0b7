; A kernel whose name holds a newline and "::" (LLVM allows any bytes but NUL
; in a quoted name): printed escaped, one line. Two threads store to p[0]:
; a same-value write-write race.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @"k::error::evil\0Aline"(ptr %p) #0 {
  store i32 1, ptr %p
  ret void
}
attributes #0 = { "nvvm.kernel" }
!nvvm.annotations = !{!0}
!0 = !{ptr @"k::error::evil\0Aline", !"kernel", i32 1}
