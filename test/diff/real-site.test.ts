/**
 * paydocs diff on the real site: the site against a copy of it with one response field of
 * transaction/create removed exits 1 and names the change breaking and undeclared; once the
 * head's releases declare it, 0. Both folders hold what a build writes for the diff (manifest,
 * page JSON, OpenAPI documents), from the shared in-memory build of the real site.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openApiDocuments } from '../../pipeline/machine/openapi.ts';
import { operationsByApi } from '../../pipeline/machine/operations.ts';
import { MANIFEST_FILE } from '../../schema/dist-layout.ts';
import { openApiPath } from '../../schema/machine-docs.ts';
import { RELEASES_FILE } from '../../schema/releases.ts';
import { buildProjectSite, projectRoot } from '../helpers.ts';

const built = await buildProjectSite();
const temp = await mkdtemp(path.join(tmpdir(), 'paydocs-diff-real-'));
afterAll(() => rm(temp, { recursive: true, force: true }));

async function put(dir: string, file: string, text: string) {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await writeFile(path.join(dir, file), text);
}

const run = (base: string, head: string) => {
  const r = spawnSync(process.execPath, [path.join(projectRoot, 'bin/paydocs.js'), 'diff', base, head], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('paydocs diff on the real site', () => {
  it('exits 1 for a response field removed without a release, 0 once a release declares it', async () => {
    const base = path.join(temp, 'base');
    await put(base, MANIFEST_FILE, JSON.stringify(built.manifest));
    for (const [file, page] of built.pageFiles) await put(base, file, page.json);
    const docs = openApiDocuments(operationsByApi(built.pages), {
      site: built.site.config,
      errorCodes: built.site.data.api_error_codes,
    });
    for (const [id, doc] of docs) await put(base, openApiPath(id), JSON.stringify(doc));

    const head = path.join(temp, 'head');
    await cp(base, head, { recursive: true });
    const v2 = JSON.parse(await readFile(path.join(head, openApiPath('v2')), 'utf8'));
    const data =
      v2.paths['/v2/transaction/create'].post.responses['200'].content['application/json'].schema.properties.data;
    expect(data.properties).toHaveProperty('payment_url');
    delete data.properties.payment_url;
    await put(head, openApiPath('v2'), JSON.stringify(v2));

    const undeclared = run(base, head);
    expect(undeclared.err).toBe('');
    expect(undeclared.code).toBe(1);
    expect(undeclared.out).toContain(
      '✗ v2 POST /v2/transaction/create: response.payment_url removed [response-field-removed: breaking, NOT declared]',
    );
    expect(undeclared.out).toContain('✗ 1 API change (1 breaking, 1 not declared), 0 page changes');

    const release = {
      id: '2026-11',
      date: '2026-11-20',
      title: 'payment_url leaves transaction/create',
      summary: 'Read next_action.url instead.',
      apis: ['v2'],
      changes: [
        {
          api: 'v2',
          operation: '/api/v2/transaction/create',
          field: 'response.payment_url',
          change: 'removed',
          breaking: true,
          description: 'Removed: read `next_action.url`.',
        },
      ],
    };
    await put(head, RELEASES_FILE, JSON.stringify([release]));
    const declared = run(base, head);
    expect(declared.code).toBe(0);
    expect(declared.out).toContain('[response-field-removed: breaking, declared]');
  }, 300_000);
});
