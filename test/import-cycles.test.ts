/**
 * No module of the project imports itself round a circle. In a bundle, a cycle makes one
 * side read the other's exports before they exist: `hosting.ts` → `content/routes.ts` →
 * `hosting.ts` left a constant `undefined` in the bundled CLI only (a TypeError at start-up),
 * while the tests, which load the sources in another order, passed. esbuild's metafile is
 * the graph as the bundles see it: type-only imports are erased, as they are at run time.
 */
import esbuild from 'esbuild';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { cliBundleOptions } from '../pipeline/incremental/cli-bundle.mjs';
import { projectRoot } from './helpers.ts';

type Graph = Map<string, string[]>;

async function importGraph(entryPoints: Record<string, string>): Promise<Graph> {
  const options = cliBundleOptions(projectRoot, path.join(projectRoot, 'scratch/import-cycles'), {
    dependencies: 'external',
  });
  const { metafile } = await esbuild.build({
    ...options,
    entryPoints,
    write: false,
    metafile: true,
    external: ['*.css'],
  });
  const ours = (file: string) => !file.includes('node_modules/') && !/^[\w-]+:/.test(file);
  return new Map(
    Object.entries(metafile.inputs)
      .filter(([file]) => ours(file))
      .map(([file, input]) => [file, input.imports.filter((i) => !i.external && ours(i.path)).map((i) => i.path)]),
  );
}

/**
 * The graph as the source reads, type-only imports included (TypeScript's own scanner):
 * a type cycle compiles, but ties the modules round it into one unit nobody can change alone.
 */
function sourceGraph(dirs: string[]): Graph {
  const files = dirs.flatMap((dir) =>
    readdirSync(path.join(projectRoot, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
      .map((f) => path.join(dir, f)),
  );
  const isFile = (p: string) => statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(path.join(projectRoot, file), 'utf8'), true, true);
      const targets = importedFiles
        .filter((i) => i.fileName.startsWith('.'))
        .map((i) => path.join(path.dirname(file), i.fileName))
        .filter((target) => isFile(path.join(projectRoot, target)));
      return [file, targets];
    }),
  );
}

/** Every cycle found by a depth-first walk, each as the files round it. */
function cycles(graph: Graph): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('import cycles', () => {
  it('the walk finds a cycle when there is one', () => {
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('the CLI, its workers, the dev engine and the reader import no module round a circle', async () => {
    const graph = await importGraph({
      cli: path.join(projectRoot, 'pipeline/cli.ts'),
      worker: path.join(projectRoot, 'pipeline/workers/worker.ts'),
      engine: path.join(projectRoot, 'pipeline/server/dev-engine.ts'),
      reader: path.join(projectRoot, 'reader/main.tsx'),
      theme: path.join(projectRoot, 'reader/boot/theme.ts'),
    });
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph).map((c) => c.join(' → '))).toEqual([]);
  });

  it('page kinds and the compiler do not import each other round a circle, type-only imports included', () => {
    const graph = sourceGraph(['pipeline', 'schema']);
    expect(graph.size).toBeGreaterThan(100);
    const across = cycles(graph).filter(
      (c) => c.some((f) => f.startsWith('pipeline/kinds/')) && c.some((f) => f.startsWith('pipeline/compile/')),
    );
    expect(across.map((c) => c.join(' → '))).toEqual([]);
  });
});
