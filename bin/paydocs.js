#!/usr/bin/env node
// The paydocs CLI. The pipeline is TypeScript run through tsx's loader, so no
// compile step stands between `npm install` and `paydocs build`. The tsconfig is
// named explicitly: run from another folder, tsx would otherwise look for one there
// (and, finding none, compile JSX for the classic runtime).
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';

const tsconfig = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
register({ tsconfig });
const { main } = await import('../pipeline/cli.ts');
process.exitCode = await main(process.argv.slice(2));
