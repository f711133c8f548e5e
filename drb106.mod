!mod$ v1 sum:e56f64ddf2a4ec0a
module drb106
integer(4)::input
contains
recursive function fib(n) result(r)
integer(4)::n
integer(4)::r
end
end
