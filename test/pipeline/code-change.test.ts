/**
 * A change to the code is reflected by the next `paydocs build`: the CLI bundle and
 * every cached stage key on one code hash taken from the bundle's real inputs, so a
 * sample printer (schema/generated/api-samples/, a subfolder), a reader component or a
 * schema edit is never served stale. Runs the real CLI in a copy of the project.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectCopy } from '../project-copy.ts';

let project: Awaited<ReturnType<typeof projectCopy>>;
beforeAll(async () => {
  project = await projectCopy();
}, 120_000);
afterAll(async () => {
  await project?.cleanup();
});

const build = () => {
  const r = spawnSync(process.execPath, [path.join(project.root, 'bin/paydocs.js'), 'build'], {
    cwd: project.root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const dist = (file: string) => readFile(path.join(project.root, 'dist', file), 'utf8');

describe('a code change reaches the next build', () => {
  it('sample printer, reader component and schema edits each take effect', async () => {
    expect(build().code).toBe(0);
    // The samples are printed by the build (the HTML) and by the reader (its generated-content chunk).
    const sample = async () =>
      (await dist('api/v2/transaction/create/index.html')).includes('# edited-by-test') &&
      (
        await Promise.all(
          (
            await readdir(path.join(project.root, 'dist/assets'))
          )
            .filter((f) => f.endsWith('.js'))
            .map((f) => dist(`assets/${f}`)),
        )
      ).some((js) => js.includes('# edited-by-test'));
    expect(await sample()).toBe(false);

    await project.edit(
      'schema/generated/api-samples/python.ts',
      "    'import requests',\n",
      "    'import requests',\n    '# edited-by-test',\n",
    );
    expect(build().code).toBe(0);
    expect(await sample()).toBe(true);

    await project.edit(
      'reader/shell/chrome.tsx',
      'className="footer-copyright"',
      'className="footer-copyright edited-by-test"',
    );
    expect(build().code).toBe(0);
    expect((await dist('introduction/index.html')).includes('footer-copyright edited-by-test')).toBe(true);

    await project.edit(
      'schema/site-config.ts',
      '    title: z\n      .string()\n      .min(1)\n',
      '    title: z\n      .string()\n      .min(1)\n      .max(3)\n',
    );
    const failed = build();
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(/content\/site\.yaml:\d+ error title/);
  }, 300_000);
});
