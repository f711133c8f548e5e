! The same tasks ordered by depend clauses: no race.
program tasks_ok
  implicit none
  integer :: x
  x = 0
  !$omp parallel
  !$omp single
  !$omp task shared(x) depend(out: x)
  x = 1
  !$omp end task
  !$omp task shared(x) depend(inout: x)
  x = x + 2
  !$omp end task
  !$omp end single
  !$omp end parallel
  print *, x
end program
