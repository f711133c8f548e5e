!mod$ v1 sum:7c0443687d763104
module drb007
integer(4)::indexset(1_8:180_8)
integer(4)::n
end
