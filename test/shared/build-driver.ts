/**
 * One shared build of a test run, in a process of its own (test/shared/global-setup.ts starts it
 * through tsx, so vitest's own process stays free while it builds): `real` builds this
 * repository's content/ into `<dir>/dist`, its stage memo in `<dir>/stages`; `fixture` copies
 * test/fixtures/site into `<dir>` and builds it there, as helpers.ts builtFixture() used to in
 * every test file. A build error goes to stderr with every diagnostic, and the exit status is 1.
 * Imports nothing of vitest (helpers.ts neither): it runs outside it.
 */
import { cp } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { build } from '../../pipeline/build.ts';
import { BuildError, formatDiagnostics } from '../../pipeline/diagnostics.ts';
import { V8_FLAGS } from '../../bin/v8-flags.mjs';

// As `paydocs build` runs (bin/v8-flags.mjs says why): before the worker threads start and D2 compiles.
v8.setFlagsFromString(V8_FLAGS);

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [kind, dir] = process.argv.slice(2);
try {
  if (kind === 'real') {
    await build({
      root: projectRoot,
      outDir: path.join(dir, 'dist'),
      cacheDir: path.join(dir, 'stages'),
      log: () => {},
    });
  } else if (kind === 'fixture') {
    await cp(path.join(projectRoot, 'test/fixtures/site/content'), path.join(dir, 'content'), { recursive: true });
    await build({ root: dir, cacheDir: false, pool: false });
  } else {
    throw new Error(`No shared build "${kind}": real or fixture.`);
  }
} catch (error) {
  const text = error instanceof BuildError ? formatDiagnostics(error.diagnostics, false) : (error as Error)?.stack;
  process.stderr.write(text ?? String(error));
  process.exit(1);
}
// Nothing the build leaves running (a thread, a timer) may keep the tests waiting for this process.
process.exit(0);
