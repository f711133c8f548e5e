!mod$ v1 sum:8f7d61c835b03627
module drb091
integer(4)::sum0
!$omp threadprivate(sum0)
integer(4)::sum1
end
