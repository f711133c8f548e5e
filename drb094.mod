!mod$ v1 sum:60a6a14697a9914a
module drb094
integer(4),allocatable::a(:,:)
end
