/* Irregular linked structures: a health-system simulation (after BOTS health). A tree
   of villages, each with linked lists of patients; every time step visits the tree
   with one task per village, patients are assessed, treated or sent up to the parent
   village's hospital. Each village draws from its own random stream, so the result
   does not depend on the schedule. */
#include "bench.h"

typedef struct patient {
  long id, time, hospitals;
  int left;
  struct patient *next;
} patient;

typedef struct village {
  struct village *child[4];
  int nchild, level, staff;
  uint64_t rng;
  patient *waiting, *assess, *inside, *up;
  long treated, total_time, total_hospitals, checks, next_id;
} village;

enum { BRANCH = 4, ASSESS_TIME = 3, TREAT_TIME = 10, STAFF = 16 };

static uint64_t next_rand(village *v)
{
  v->rng = bench_mix(v->rng);
  return v->rng;
}

static village *build(int level, int levels, uint64_t seed)
{
  village *v = calloc(1, sizeof *v);
  v->level = level;
  v->rng = seed;
  v->staff = STAFF;
  v->next_id = (long)seed << 20;
  if (level + 1 < levels) {
    v->nchild = BRANCH;
    for (int c = 0; c < BRANCH; c++)
      v->child[c] = build(level + 1, levels, seed * BRANCH + c + 1);
  }
  return v;
}

static void append(patient **list, patient *p)
{
  while (*list)
    list = &(*list)->next;
  *list = p;
}

/* A little computation per patient visit, standing in for the paperwork. */
static long examine(patient *p)
{
  uint64_t h = (uint64_t)p->id;
  for (int i = 0; i < 100; i++)
    h = bench_mix(h);
  return (long)(h & 1);
}

static void step_village(village *v)
{
  for (int c = 0; c < v->nchild; c++) {
    village *child = v->child[c];
#pragma omp task firstprivate(child)
    step_village(child);
  }
#pragma omp taskwait
  for (int c = 0; c < v->nchild; c++) {
    append(&v->waiting, v->child[c]->up);
    v->child[c]->up = NULL;
  }
  /* patients under treatment: leave when done */
  for (patient **pp = &v->inside; *pp;) {
    patient *p = *pp;
    p->time++;
    v->checks += examine(p);
    if (--p->left > 0) {
      pp = &p->next;
      continue;
    }
    *pp = p->next;
    v->treated++;
    v->total_time += p->time;
    v->total_hospitals += p->hospitals;
    v->staff++;
    free(p);
  }
  /* patients being assessed: treated here or sent up */
  for (patient **pp = &v->assess; *pp;) {
    patient *p = *pp;
    p->time++;
    if (--p->left > 0) {
      pp = &p->next;
      continue;
    }
    *pp = p->next;
    p->next = NULL;
    long extra = examine(p);
    if (v->level > 0 && next_rand(v) % 10 < 2) {
      v->staff++;
      p->hospitals++;
      append(&v->up, p);
    } else {
      p->left = TREAT_TIME + (int)extra;
      append(&v->inside, p);
    }
  }
  /* waiting patients get staff when some is free */
  while (v->waiting && v->staff > 0) {
    patient *p = v->waiting;
    v->waiting = p->next;
    p->next = NULL;
    p->left = ASSESS_TIME;
    v->staff--;
    append(&v->assess, p);
  }
  for (patient *p = v->waiting; p; p = p->next)
    p->time++;
  /* new patients, mostly in the small villages */
  if (next_rand(v) % 100 < (uint64_t)(5 + 5 * v->level)) {
    patient *p = calloc(1, sizeof *p);
    p->id = v->next_id++;
    append(&v->waiting, p);
  }
}

static uint64_t fold(village *v, uint64_t sum)
{
  long stay = 0;
  patient *lists[] = {v->waiting, v->assess, v->inside, v->up};
  for (int l = 0; l < 4; l++)
    for (patient *p = lists[l]; p; p = p->next)
      stay += p->time + 7 * l;
  sum = sum * 31 + (uint64_t)v->treated;
  sum = sum * 31 + (uint64_t)v->total_time;
  sum = sum * 31 + (uint64_t)v->total_hospitals;
  sum = sum * 31 + (uint64_t)stay;
  sum = sum * 31 + (uint64_t)v->checks;
  for (int c = 0; c < v->nchild; c++)
    sum = fold(v->child[c], sum);
  return sum;
}

int main(int argc, char **argv)
{
  static const int levels[] = {5, 6, 7}, steps[] = {100, 300, 250};
  int s = bench_size(argc, argv);
  village *root = build(0, levels[s], 1);
#pragma omp parallel
#pragma omp single
  for (int t = 0; t < steps[s]; t++)
    step_village(root);
  bench_checksum("health", s, fold(root, 0));
  return 0;
}
