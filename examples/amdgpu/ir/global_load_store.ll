; Exercises: one global (addrspace(1)) load per lane, a VALU use of its result
; and a global store: the simplest vmcnt (loadcnt on gfx12) wait before a use,
; plus the kernel-argument scalar loads (lgkmcnt/kmcnt) that feed the address.
; Written for the hazardproof project (MIT licence).

define amdgpu_kernel void @global_load_store(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %src = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %src, align 4
  %w = fmul float %v, 3.0
  %dst = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %w, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
