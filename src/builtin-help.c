/* `ompadv help [CMD]`: the manual page of a command through man(1), or its
 * --help text where man is not installed. */
#include "ompadv.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

static int run_help(const oa_command *self, int argc, char **argv)
{
  const char *name = argc > 1 ? argv[1] : NULL;
  if (name && (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0)) {
    oa_print_usage(self, stdout);
    return 0;
  }
  const oa_command *cmd = name ? oa_find_command(name) : NULL;
  if (name && !cmd)
    oa_die(OA_EXIT_USAGE, "help: no command '%s' (see 'ompadv --help')", name);
  char *page = oa_man_page(cmd ? oa_xasprintf("ompadv-%s", cmd->man ? cmd->man : cmd->name)
                               : "ompadv");
  if (page && access("/usr/bin/man", X_OK) == 0) {
    fflush(NULL);
    execl("/usr/bin/man", "man", "-l", page, (char *)NULL);
  }
  free(page);
  if (cmd)
    oa_print_usage(cmd, stdout);
  else
    oa_note("no manual page found; 'ompadv --help' lists the commands");
  return cmd ? 0 : OA_EXIT_FAIL;
}

const oa_command oa_cmd_help = {
  "help", run_help, "show the manual page of a command", "[COMMAND]", 0, NULL,
  NULL,
  NULL,
  NULL,
};
