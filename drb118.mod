!mod$ v1 sum:77682cd88dee1b56
!need$ d7066f0c6d15606a i omp_lib
module drb118
use,intrinsic::omp_lib,only:omp_nest_lock_kind
type::pair
integer(4)::a
integer(4)::b
integer(8)::lck
end type
end
