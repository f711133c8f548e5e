!mod$ v1 sum:4fe5b929ec85157a
module drb086
integer(4),save::counter
integer(4),save::pcounter
!$omp threadprivate(pcounter)
type::a
integer(4)::counter
integer(4)::pcounter
end type
contains
subroutine foo()
end
end
