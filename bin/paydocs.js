#!/usr/bin/env node
// The paydocs CLI. The pipeline is TypeScript run through tsx's loader, so no
// compile step stands between `npm install` and `paydocs build`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../pipeline/cli.ts');
process.exitCode = await main(process.argv.slice(2));
