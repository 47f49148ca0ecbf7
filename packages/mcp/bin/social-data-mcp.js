#!/usr/bin/env node
// The installed command: a file that exists before the build, so pnpm can link it in a fresh clone.
import '../dist/cli.js';
