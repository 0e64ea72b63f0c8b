/**
 * Issue 52: no line of code over 120 characters, Biome's lineWidth (biome.jsonc). Biome wraps the
 * code it formats but leaves long strings, comments, test names, CSS and JSON as they are; this
 * test holds every tracked code file to the same width. No tracked code file is generated, so
 * none is exempt; content/ and test/fixtures/ are the site's text, package-lock.json is npm's.
 * Characters are counted as Biome counts them (code points, not UTF-8 bytes).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './helpers.ts';

const MAX_WIDTH = 120;
const CODE = /\.(ts|tsx|js|mjs|cjs|css|json|jsonc)$/;
const NOT_CODE = /^(content|test\/fixtures)\/|(^|\/)package-lock\.json$/;

function trackedCode(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: projectRoot, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => CODE.test(file) && !NOT_CODE.test(file))
    .filter((file) => existsSync(path.join(projectRoot, file)));
}

describe('line width', () => {
  it(`no line of tracked code is longer than ${MAX_WIDTH} characters`, () => {
    const files = trackedCode();
    expect(files.length).toBeGreaterThan(100);
    const tooLong: string[] = [];
    for (const file of files) {
      const lines = readFileSync(path.join(projectRoot, file), 'utf8').split(/\r?\n/);
      lines.forEach((line, i) => {
        const width = [...line].length;
        if (width > MAX_WIDTH) tooLong.push(`${file}:${i + 1} (${width} characters)`);
      });
    }
    expect(tooLong, `lines over ${MAX_WIDTH} characters: split the string, rewrap the comment or rule`).toEqual([]);
  });
});
