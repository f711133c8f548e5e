#!/bin/sh
# A wrapper script: the launcher must refuse it (it is not ELF).
exec true
