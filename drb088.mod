!mod$ v1 sum:b28a22b267e8340f
module drb088
integer(4),pointer::counter
contains
subroutine foo()
end
end
