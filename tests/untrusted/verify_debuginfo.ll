; Bug pattern: a hand-edited module that the IR parser accepts but the
; verifier rejects (a value used in a block before its definition there),
; carrying the "Debug Info Version" flag: LLVM's parser then runs the verifier
; itself (debug-info upgrade) and aborts the process on the broken module.
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @fill(ptr %dst) {
entry:
  br label %body
body:
  store i32 %v, ptr %dst
  %v = mul i32 6, 7
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
