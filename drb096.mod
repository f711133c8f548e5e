!mod$ v1 sum:4e5d2db246c57044
module drb096
integer(4),allocatable::a(:,:)
end
