/**
 * The fence between browser and Node code (docs/architecture.md, The reader):
 * the reader's TypeScript config knows no Node, the reader imports nothing from
 * pipeline/, and the pipeline reaches the reader only through reader/render.tsx.
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
});
