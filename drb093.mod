!mod$ v1 sum:19b10fe7c7cfc647
module drb093
integer(4),allocatable::a(:,:)
end
