!mod$ v1 sum:b6c6d8261ddeb7a0
module drb102
integer(4)::y
!$omp threadprivate(y)
integer(4),parameter::dp=8_4
intrinsic::kind
real(8)::x
!$omp threadprivate(x)
end
