!mod$ v1 sum:dbd8b40b150e54a1
module drb127
integer(4)::tp
!$omp threadprivate(tp)
integer(4)::var
contains
subroutine foo()
end
end
