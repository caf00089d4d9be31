#!/usr/bin/env node
// The `pipstream-mock` command. A committed shim, so npm can link the command at install time,
// before `prepare` has built dist/.
import '../dist/mock/cli.js';
