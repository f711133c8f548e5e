!mod$ v1 sum:67f1e3ff3e6aa976
module drb005
integer(4)::indexset(1_8:180_8)
integer(4)::n
end
