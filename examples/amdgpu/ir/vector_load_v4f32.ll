; Exercises: 128-bit vector loads (<4 x float>, global_load_dwordx4 /
; global_load_b128) whose four result registers are consumed one by one, and a
; 128-bit store whose data registers must not be overwritten too early.
; Written for the hazardproof project (MIT licence).

define amdgpu_kernel void @vector_load_v4f32(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %pa = getelementptr inbounds <4 x float>, ptr addrspace(1) %a, i64 %idx
  %pb = getelementptr inbounds <4 x float>, ptr addrspace(1) %b, i64 %idx
  %va = load <4 x float>, ptr addrspace(1) %pa, align 16
  %vb = load <4 x float>, ptr addrspace(1) %pb, align 16
  %m = fmul <4 x float> %va, %vb
  %e0 = extractelement <4 x float> %m, i32 0
  %e1 = extractelement <4 x float> %m, i32 1
  %e2 = extractelement <4 x float> %m, i32 2
  %e3 = extractelement <4 x float> %m, i32 3
  %s01 = fadd float %e0, %e1
  %s23 = fadd float %e2, %e3
  %dot = fadd float %s01, %s23
  %r = insertelement <4 x float> %va, float %dot, i32 0
  %po = getelementptr inbounds <4 x float>, ptr addrspace(1) %out, i64 %idx
  store <4 x float> %r, ptr addrspace(1) %po, align 16
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
