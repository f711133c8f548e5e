! A reduction and a private temporary: no race.
program loop_ok
  implicit none
  integer :: i
  real(8) :: s, t, a(1000)
  s = 0
  do i = 1, 1000
    a(i) = i
  end do
  !$omp parallel do private(t) reduction(+: s)
  do i = 1, 1000
    t = a(i) * 2
    s = s + t
  end do
  !$omp end parallel do
  print *, s
end program
