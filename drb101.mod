!mod$ v1 sum:9d31c8dd888ef93c
module drb101
integer(4),allocatable::a(:)
contains
subroutine gen_task(i)
integer(4),value::i
end
end
