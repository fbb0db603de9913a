; Exercises: global atomics with return (counted by vmcnt; loadcnt on gfx12)
; whose result is used, next to an atomic without return (counted by vscnt on
; gfx10/gfx11 and storecnt on gfx12, by vmcnt on gfx9) and an LDS atomic with
; return (lgkmcnt; dscnt on gfx12).
; Written for the hazardproof project (MIT licence).

@lds_counter = internal addrspace(3) global i32 undef, align 4

define amdgpu_kernel void @atomic_return(ptr addrspace(1) %out, ptr addrspace(1) %ctr, ptr addrspace(1) %hist) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %old = atomicrmw add ptr addrspace(1) %ctr, i32 1 syncscope("agent") monotonic, align 4
  %bucket = and i32 %old, 15
  %hp = getelementptr inbounds i32, ptr addrspace(1) %hist, i32 %bucket
  %ignored = atomicrmw add ptr addrspace(1) %hp, i32 %tid syncscope("agent") monotonic, align 4
  %lold = atomicrmw add ptr addrspace(3) @lds_counter, i32 1 syncscope("workgroup") monotonic, align 4
  %sum = add i32 %old, %lold
  %idx = zext i32 %tid to i64
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %sum, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
