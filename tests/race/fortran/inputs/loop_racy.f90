! An anti-dependence across iterations of a parallel do: a(i) reads a(i+1),
! which another thread's iteration writes (with two threads or more).
program loop_racy
  implicit none
  integer :: i, a(1000)
  do i = 1, 1000
    a(i) = i
  end do
  !$omp parallel do
  do i = 1, 999
    a(i) = a(i + 1) + 1
  end do
  !$omp end parallel do
  print *, a(500)
end program
