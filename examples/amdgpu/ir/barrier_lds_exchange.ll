; Exercises: a workgroup exchange through LDS: every lane writes its slot,
; the wave waits (s_waitcnt lgkmcnt(0) / s_wait_dscnt) and meets the others at
; llvm.amdgcn.s.barrier, then reads a neighbour's slot.
; Written for the hazardproof project (MIT licence).

@tile = internal addrspace(3) global [256 x float] undef, align 4

define amdgpu_kernel void @barrier_lds_exchange(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %src = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %src, align 4
  %mine = getelementptr inbounds [256 x float], ptr addrspace(3) @tile, i32 0, i32 %tid
  store float %v, ptr addrspace(3) %mine, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %n = xor i32 %tid, 1
  %theirs = getelementptr inbounds [256 x float], ptr addrspace(3) @tile, i32 0, i32 %n
  %u = load float, ptr addrspace(3) %theirs, align 4
  %r = fadd float %u, %v
  %dst = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %r, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
