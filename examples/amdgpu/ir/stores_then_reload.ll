; Exercises: a burst of global stores followed by a load of the same address
; in the same lane and a release fence at agent scope, which must wait for
; the stores (vmcnt on gfx9, vscnt on gfx10/gfx11, storecnt on gfx12).
; Written for the hazardproof project (MIT licence).

define amdgpu_kernel void @stores_then_reload(ptr addrspace(1) %out, ptr addrspace(1) %flag, i32 %k) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %p0, i64 256
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %p0, i64 512
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %p0, i64 768
  store i32 %k, ptr addrspace(1) %p0, align 4
  store i32 %tid, ptr addrspace(1) %p1, align 4
  store i32 %k, ptr addrspace(1) %p2, align 4
  store i32 %tid, ptr addrspace(1) %p3, align 4
  %back = load volatile i32, ptr addrspace(1) %p1, align 4
  %f = add i32 %back, 1
  fence syncscope("agent") release
  store atomic i32 %f, ptr addrspace(1) %flag syncscope("agent") monotonic, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
