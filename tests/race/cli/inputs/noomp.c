#include <stdio.h>
int main(void) { puts("no OpenMP here"); return 0; }
