!mod$ v1 sum:482103273ba33797
module drb008
integer(4)::indexset(1_8:180_8)
integer(4)::n
end
