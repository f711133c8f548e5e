!mod$ v1 sum:99951aed354dd9f6
module drb085
integer(8)::sum0
!$omp threadprivate(sum0)
integer(8)::sum1
contains
subroutine foo(i)
integer(8)::i
end
end
