! Two sibling tasks write x with no order between them (race at any team
! size: tasks are logically parallel even in a team of one).
program tasks_racy
  implicit none
  integer :: x
  x = 0
  !$omp parallel
  !$omp single
  !$omp task shared(x)
  x = 1
  !$omp end task
  !$omp task shared(x)
  x = 2
  !$omp end task
  !$omp end single
  !$omp end parallel
  print *, x
end program
