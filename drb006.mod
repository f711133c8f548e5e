!mod$ v1 sum:e60a208324d53151
module drb006
integer(4)::indexset(1_8:180_8)
integer(4)::n
end
