!mod$ v1 sum:0e0880e11ef4ca31
module drb158
integer(4)::a
integer(4)::i
integer(4)::x(1_8:64_8)
integer(4)::y(1_8:64_8)
end
