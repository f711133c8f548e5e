! Iterations 1 and 31 of a 100-iteration parallel do both write x: one
! thread runs both with 1 to 3 threads (blocks of 34 or more), two with 4
! or more; race mode reports it from a run with any team size, labelled.
program loop_teams
  implicit none
  integer :: i, x, a(100)
  x = 0
  !$omp parallel do
  do i = 1, 100
    a(i) = i
    if (i == 1 .or. i == 31) x = i
  end do
  !$omp end parallel do
  print *, x, a(100)
end program
