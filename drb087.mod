!mod$ v1 sum:3cd66289b65858d6
module drb087
integer(4),save::counter
integer(4),save::pcounter
!$omp threadprivate(pcounter)
type::a
integer(4)::counter=0_4
integer(4)::pcounter=0_4
end type
end
