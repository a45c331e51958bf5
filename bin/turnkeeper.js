#!/usr/bin/env node
// Entry point of the `turnkeeper` command: loads the TypeScript sources through tsx, then hands over to the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
