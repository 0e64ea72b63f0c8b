/**
 * `paydocs build` runs in a child process with two malloc arenas (bin/arenas.mjs): the child
 * has MALLOC_ARENA_MAX, and it stops when the process that started it dies, even by SIGKILL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fork, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fixtureCopy, projectRoot } from '../helpers.ts';
import { wantsFewerArenas } from '../../bin/arenas.mjs';

let site: Awaited<ReturnType<typeof fixtureCopy>>;
beforeAll(async () => {
  site = await fixtureCopy();
});
afterAll(async () => {
  await site?.cleanup();
});

const childrenOf = (pid: number): number[] => {
  const listed = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return listed ? listed.split('\n').map(Number) : [];
};
const alive = (pid: number) => {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};
const until = async (what: () => boolean) => {
  while (!what()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('the build with fewer malloc arenas', () => {
  it('is wanted for a build on Linux unless MALLOC_ARENA_MAX is set', () => {
    expect(wantsFewerArenas(['build'], {}, 'linux')).toBe(true);
    expect(wantsFewerArenas(['build', '--out', 'site'], {}, 'linux')).toBe(true);
    expect(wantsFewerArenas(['build'], { MALLOC_ARENA_MAX: '8' }, 'linux')).toBe(false);
    expect(wantsFewerArenas(['dev'], {}, 'linux')).toBe(false);
    expect(wantsFewerArenas(['build'], {}, 'darwin')).toBe(false);
  });

  it.runIf(process.platform === 'linux')(
    'runs in a child with two arenas, which stops when its parent is SIGKILLed mid-build',
    async () => {
      const { MALLOC_ARENA_MAX: _, ...env } = process.env;
      const parent = spawn(process.execPath, [path.join(projectRoot, 'bin/paydocs.js'), 'build'], {
        cwd: site.root,
        stdio: ['ignore', 'pipe', 'ignore'],
        env,
      });
      let output = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
      });
      let child = 0;
      await until(() => {
        [child = 0] = childrenOf(parent.pid!);
        return child > 0;
      });
      expect(readFileSync(`/proc/${child}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');
      await until(() => output.includes('load content'));
      parent.kill('SIGKILL');
      await until(() => !alive(child));
      // Stopped, not finished: a build that went on without its parent would have written dist.
      expect(existsSync(path.join(site.root, 'dist'))).toBe(false);
    },
    60_000,
  );

  it('a child whose parent was gone before it listened stops as well', async () => {
    const child = fork(path.join(projectRoot, 'test/fixtures/arenas/late-listener.mjs'), {
      env: { ...process.env, PAYDOCS_ARENAS_CHILD: '1' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.disconnect();
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toBe('');
  }, 20_000);
});
