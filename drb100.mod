!mod$ v1 sum:365e38c8d07e4c46
module drb100
integer(4),allocatable::a(:)
contains
subroutine gen_task(i)
integer(4)::i
end
end
