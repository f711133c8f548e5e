!mod$ v1 sum:68203bb8fe2e6b6e
module drb092
integer(4)::sum0
integer(4)::sum1
end
