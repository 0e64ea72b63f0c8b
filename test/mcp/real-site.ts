/** The real site (this repository's content/) built into a temp folder, for the MCP tests that need its pages. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../helpers.ts';

export async function builtRealSite(): Promise<{ dist: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'paydocs-mcp-'));
  const dist = path.join(dir, 'dist');
  const { build } = await import('../../pipeline/build.ts');
  await build({ root: projectRoot, outDir: dist, log: () => {} });
  return { dist, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
