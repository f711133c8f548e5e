!mod$ v1 sum:6e7b08aacc83c5d7
module drb099
contains
function foo(a,b,n)
real(8),allocatable::a(:)
real(8),allocatable::b(:)
integer(4)::n
real(4)::foo
end
end
