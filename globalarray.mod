!mod$ v1 sum:d56da96c295702bc
module globalarray
integer(4),allocatable::a(:)
contains
subroutine useglobalarray(len)
integer(4)::len
end
end
