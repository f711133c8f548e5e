!mod$ v1 sum:fd1afcb84328d950
module drb128
integer(4)::tp
!$omp threadprivate(tp)
integer(4)::var
contains
subroutine foo()
end
end
