; Three small kernels (a guarded saxpy, a loop over global loads, a shared-memory exchange with a barrier,
; a shuffle, a division subroutine and an atomic) for NVIDIA's assembler in the loop (test/nvidia/ptxas.test.ts):
;   llc-22 -march=nvptx64 -mcpu=sm_80 -mattr=+ptx78 -o kernels.ptx kernels.ll
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
@sh = internal addrspace(3) global [256 x float] undef, align 4

define ptx_kernel void @saxpy(ptr addrspace(1) %x, ptr addrspace(1) %y, float %a, i32 %n) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %i0 = mul i32 %b, 256
  %i = add i32 %i0, %t
  %c = icmp slt i32 %i, %n
  br i1 %c, label %go, label %done
go:
  %px = getelementptr float, ptr addrspace(1) %x, i32 %i
  %py = getelementptr float, ptr addrspace(1) %y, i32 %i
  %vx = load float, ptr addrspace(1) %px
  %vy = load float, ptr addrspace(1) %py
  %m = fmul float %a, %vx
  %s = fadd float %m, %vy
  store float %s, ptr addrspace(1) %py
  br label %done
done:
  ret void
}

define ptx_kernel void @loopsum(ptr addrspace(1) %x, ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %idx = add i32 %k, %t
  %p = getelementptr float, ptr addrspace(1) %x, i32 %idx
  %v = load float, ptr addrspace(1) %p
  %acc1 = fadd float %acc, %v
  %k1 = add i32 %k, 32
  %c = icmp slt i32 %k1, %n
  br i1 %c, label %loop, label %exit
exit:
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %acc1, ptr addrspace(1) %po
  ret void
}

define ptx_kernel void @reduce(ptr addrspace(1) %x, ptr addrspace(1) %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %x, i32 %t
  %v = load float, ptr addrspace(1) %p
  %ps = getelementptr [256 x float], ptr addrspace(3) @sh, i32 0, i32 %t
  store float %v, ptr addrspace(3) %ps
  call void @llvm.nvvm.barrier0()
  %t2 = xor i32 %t, 1
  %ps2 = getelementptr [256 x float], ptr addrspace(3) @sh, i32 0, i32 %t2
  %w = load float, ptr addrspace(3) %ps2
  %s = fadd float %v, %w
  %si = bitcast float %s to i32
  %sh1 = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %si, i32 1, i32 31)
  %r = add i32 %sh1, %si
  %q = sdiv i32 %r, %t
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  %old = atomicrmw add ptr addrspace(1) %po, i32 %q seq_cst
  store i32 %old, ptr addrspace(1) %po
  ret void
}
