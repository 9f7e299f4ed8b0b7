; bad restores a stack pointer it never saved (its own argument): undefined,
; an error finding (the kernel traps); good restores what llvm.stacksave
; returned: clean.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
declare void @llvm.stackrestore.p0(ptr)
declare ptr @llvm.stacksave.p0()
define void @bad(ptr %p) {
  call void @llvm.stackrestore.p0(ptr %p)
  store i32 1, ptr %p
  ret void
}
define void @good(ptr %p) {
  %s = call ptr @llvm.stacksave.p0()
  store i32 1, ptr %p
  call void @llvm.stackrestore.p0(ptr %s)
  ret void
}
!nvvm.annotations = !{!0, !1}
!0 = !{ptr @bad, !"kernel", i32 1}
!1 = !{ptr @good, !"kernel", i32 1}
