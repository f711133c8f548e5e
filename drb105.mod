!mod$ v1 sum:e10aee79cca10013
module drb105
integer(4)::input
contains
recursive function fib(n) result(r)
integer(4)::n
integer(4)::r
end
end
