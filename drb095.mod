!mod$ v1 sum:8579302b7e693cd9
module drb095
integer(4),allocatable::a(:,:)
end
