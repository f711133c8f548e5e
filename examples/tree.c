/* Where is the parallelism lost?  A post-order walk over a binary tree with
 * tasks down to a cut-off depth, and a background task doing serial work.
 * Build: ompadv cc -O2 -o tree tree.c    Try: ompadv profile --threads 2 ./tree
 * usage: tree [DEPTH [CUT_OFF [BACKGROUND]]]   (defaults 13, 3, 120) */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct node {
  struct node *left, *right;
  unsigned long value;
} node;

static int cut_off = 3;

/* A stand-in for real per-item work: rounds of a cheap integer mixer. */
static unsigned long mix(unsigned long x, long rounds)
{
  for (long i = 0; i < rounds; i++) {
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ul;
    x ^= x >> 27;
  }
  return x;
}

static node *build(int depth, unsigned long seed)
{
  if (depth == 0)
    return NULL;
  node *n = malloc(sizeof *n);
  if (!n) {
    perror("tree");
    exit(1);
  }
  n->value = seed;
  n->left = build(depth - 1, seed * 2 + 1);
  n->right = build(depth - 1, seed * 2 + 2);
  return n;
}

/* Visiting a node: fold its children's results into its own. */
static void visit(node *n)
{
  unsigned long v = n->value;
  if (n->left)
    v += n->left->value;
  if (n->right)
    v ^= n->right->value;
  n->value = mix(v, 25000);
}

static void walk_serial(node *n)
{
  if (!n)
    return;
  walk_serial(n->left);
  walk_serial(n->right);
  visit(n);
}

/* The two subtrees are independent, so each becomes a task until the walk
 * is cut_off levels deep; below that a task would cost more than it buys. */
static void walk(node *n, int depth)
{
  if (!n)
    return;
  if (depth >= cut_off) {
    walk_serial(n);
    return;
  }
#pragma omp task
  walk(n->left, depth + 1);
#pragma omp task
  walk(n->right, depth + 1);
#pragma omp taskwait
  visit(n);
}

/* Unrelated serial work that the program overlaps with the walk. */
static unsigned long background(long millions)
{
  return mix(0x5eed, millions * 1000000);
}

int main(int argc, char **argv)
{
  int depth = argc > 1 ? atoi(argv[1]) : 13;
  long bg_millions = argc > 3 ? atol(argv[3]) : 120;
  unsigned long bg = 0;
  if (argc > 2)
    cut_off = atoi(argv[2]);
  node *root = build(depth, 1);

#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(bg)
    bg = background(bg_millions);
    walk(root, 0);
#pragma omp taskwait
  }

  printf("tree depth %d, cut-off %d: checksum %016lx\n", depth, cut_off,
         (root ? root->value : 0) ^ bg);
  return 0;
}
