; Exercises: uniform loads from the constant address space (addrspace(4)),
; selected as scalar memory loads (s_load_dword*, SMEM): they return out of
; order, so a use must wait for lgkmcnt(0) (kmcnt(0) on gfx12) whatever the
; number of scalar loads in flight.
; Written for the hazardproof project (MIT licence).

define amdgpu_kernel void @constant_scalar_load(ptr addrspace(1) %out, ptr addrspace(4) %table, i32 %i) {
entry:
  %p0 = getelementptr inbounds i32, ptr addrspace(4) %table, i32 %i
  %a = load i32, ptr addrspace(4) %p0, align 4
  %p1 = getelementptr inbounds i32, ptr addrspace(4) %table, i32 64
  %b = load i32, ptr addrspace(4) %p1, align 4
  %p2 = getelementptr inbounds <4 x i32>, ptr addrspace(4) %table, i32 32
  %c = load <4 x i32>, ptr addrspace(4) %p2, align 16
  %c0 = extractelement <4 x i32> %c, i32 0
  %c3 = extractelement <4 x i32> %c, i32 3
  %s0 = add i32 %a, %b
  %s1 = mul i32 %s0, %c0
  %s2 = xor i32 %s1, %c3
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %v = add i32 %tid, %s2
  %idx = zext i32 %tid to i64
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %v, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
