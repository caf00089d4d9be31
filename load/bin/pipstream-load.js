#!/usr/bin/env node
// The `pipstream-load` command. A committed shim, so npm can link the command at install time,
// before `prepare` has built dist/.
import '../dist/cli.js';
