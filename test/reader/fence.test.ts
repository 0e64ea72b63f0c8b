/**
 * The fence between browser and Node code (docs/architecture.md, The reader):
 * the reader's TypeScript config knows no Node, the reader imports nothing from
 * pipeline/, and the pipeline reaches the reader only through reader/render.tsx; the
 * search engine (search/README.md) keeps its browser half free of Node and is entered
 * from outside through its index.ts files only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers.ts';

/** Compiles one in-memory module placed in reader/ under tsconfig.reader.json; returns its error messages. */
function readerErrors(source: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(projectRoot, 'tsconfig.reader.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const probe = path.join(projectRoot, 'reader/__fence_probe__.ts');
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) =>
    path.resolve(file) === probe ? ts.createSourceFile(file, source, language) : getSourceFile(file, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => path.resolve(file) === probe || fileExists(file);
  const program = ts.createProgram([probe], config.options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(projectRoot, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(projectRoot, path.join(e.parentPath, e.name)));
}

/** Project-relative targets of a file's relative imports and re-exports. */
function importTargets(file: string): string[] {
  const text = readFileSync(path.join(projectRoot, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) =>
    path.relative(projectRoot, path.resolve(projectRoot, path.dirname(file), m[1])),
  );
}

describe('the browser fence', () => {
  it('the reader config rejects a node: import and the process global', () => {
    const errors = readerErrors(
      `import { readFileSync } from 'node:fs';\nexport const home = process.env.HOME ?? readFileSync('x', 'utf8');\n`,
    );
    expect(errors.join('\n')).toMatch(/Cannot find module 'node:fs'/);
    expect(errors.join('\n')).toMatch(/Cannot find name 'process'/);
  });
  it('the reader config accepts browser code (the probe itself is sound)', () => {
    expect(readerErrors(`export const here: string = document.title + location.pathname;\n`)).toEqual([]);
  });
  it('no reader module imports from pipeline/', () => {
    const offenders = sourceFiles('reader').flatMap((f) =>
      importTargets(f)
        .filter((t) => t.startsWith('pipeline/'))
        .map((t) => `${f} → ${t}`),
    );
    expect(offenders).toEqual([]);
  });
  it('the pipeline imports the reader only through reader/render.tsx', () => {
    const targets = new Set(
      sourceFiles('pipeline').flatMap((f) => importTargets(f).filter((t) => t.startsWith('reader/'))),
    );
    expect([...targets]).toEqual(['reader/render.tsx']);
  });
  it("the engine's browser half imports no node: module, nothing of index/, pipeline/, reader/ (bar spec)", () => {
    const files = [...sourceFiles('search/engine'), ...sourceFiles('search/format')];
    expect(files).toContain('search/engine/query.ts');
    const offenders = files.flatMap((f) =>
      [...importTargets(f), ...(readFileSync(path.join(projectRoot, f), 'utf8').match(/'node:[^']+'/g) ?? [])]
        .filter((t) => /^(search\/index|pipeline|reader)\/|^'node:/.test(t) && t !== 'reader/lib/constants.ts')
        .map((t) => `${f} → ${t}`),
    );
    expect(offenders).toEqual([]);
  });
  it('code outside search/ enters it through its index.ts files (codec.ts alone on the main thread)', () => {
    const outside = ['reader', 'pipeline', 'bench', 'schema', 'scripts'].flatMap(sourceFiles);
    const entries = [
      'search/engine/index.ts',
      'search/index/index.ts',
      'search/format/index.ts',
      'search/format/codec.ts',
      // The worker's service and the messages it answers: the reader's worker, the MCP server and the benches
      // run the same service; the main thread imports the protocol's types.
      'search/engine/service.ts',
      'search/engine/protocol.ts',
    ];
    const offenders = outside.flatMap((f) =>
      importTargets(f)
        .filter((t) => t.startsWith('search/') && !entries.includes(t))
        .map((t) => `${f} → ${t}`),
    );
    expect(offenders).toEqual([]);
    expect(outside.flatMap(importTargets)).toContain('search/engine/index.ts');
  });
});
