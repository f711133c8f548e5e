!mod$ v1 sum:4a1a1eac38892f6e
module drb159
integer(4)::a
integer(4)::i
integer(4)::j
integer(4)::k
integer(4)::val
integer(4)::b(1_8:8_8)
integer(4)::c(1_8:8_8)
integer(4)::temp(1_8:8_8)
end
