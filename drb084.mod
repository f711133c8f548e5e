!mod$ v1 sum:006d080c5efb3baf
module drb084
integer(8)::sum0
integer(8)::sum1
contains
subroutine foo(i)
integer(8)::i
end
end
