!mod$ v1 sum:f409434d1706c1bd
module global
contains
subroutine f1(i)
integer(4),value::i
end
end
