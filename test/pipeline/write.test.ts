/**
 * The write stage (pipeline/emit/write.ts): files stream into a temp folder and are
 * swapped in; unchanged files are hard-linked from the previous output by the content
 * hashes its build recorded — only while that output is the very folder it wrote.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { openOutput, type OutputRecord } from '../../pipeline/emit/write.ts';

let root: string;
let out: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'paydocs-write-'));
  out = path.join(root, 'dist');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const big = (word: string) => `${word} `.repeat(400);
const ino = async (file: string) => (await stat(path.join(out, file))).ino;

async function write(files: Record<string, string>, previous?: OutputRecord) {
  const output = await openOutput(out, previous);
  for (const [name, text] of Object.entries(files)) void output.put(name, text);
  const record = await output.commit();
  await output.removed();
  return { record, stats: output.stats };
}

describe('the write stage', () => {
  it('links the files whose recorded hash is unchanged, with their twins, and writes the others', async () => {
    const first = await write({ 'a/index.html': big('same'), 'b.json': big('old') });
    const before = { a: await ino('a/index.html'), twin: await ino('a/index.html.br'), b: await ino('b.json') };
    const second = await write({ 'a/index.html': big('same'), 'b.json': big('new') }, first.record);
    expect(second.stats).toEqual({ written: 1, linked: 1 });
    expect(await ino('a/index.html')).toBe(before.a);
    expect(await ino('a/index.html.br')).toBe(before.twin);
    expect(await ino('b.json')).not.toBe(before.b);
    expect(zlib.brotliDecompressSync(await readFile(path.join(out, 'b.json.br'))).toString()).toBe(big('new'));
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('keeps no folder of the previous output that holds none of its files now', async () => {
    const first = await write({
      'api/v1/old/index.html': big('gone'),
      'api/v2/kept/index.html': big('same'),
      'b.json': big('b'),
    });
    await write({ 'api/v2/kept/index.html': big('same'), 'b.json': big('b'), 'c/new.json': big('c') }, first.record);
    expect(readdirSync(out).sort()).toEqual(['.paydocs-build', 'api', 'b.json', 'c']);
    expect(readdirSync(path.join(out, 'api'))).toEqual(['v2']);
    expect(existsSync(path.join(out, 'api/v2/kept/index.html.br'))).toBe(true);
  });

  it('trusts the recorded hashes only for the folder that build wrote', async () => {
    const first = await write({ 'a.html': big('same') });
    // Another build (another cache) replaced the folder: same names, other bytes.
    await write({ 'a.html': big('other') });
    const third = await write({ 'a.html': big('same') }, first.record);
    expect(third.stats).toEqual({ written: 1, linked: 0 });
    expect(await readFile(path.join(out, 'a.html'), 'utf8')).toBe(big('same'));
  });

  it('writes a file again when its twin is missing from the previous output', async () => {
    const first = await write({ 'a.html': big('same') });
    await unlink(path.join(out, 'a.html.gz'));
    const second = await write({ 'a.html': big('same') }, first.record);
    expect(second.stats).toEqual({ written: 1, linked: 0 });
    expect(zlib.gunzipSync(await readFile(path.join(out, 'a.html.gz'))).toString()).toBe(big('same'));
  });

  it('a dropped output leaves the previous one as it was, and no temp folder', async () => {
    await write({ 'a.html': big('kept') });
    const output = await openOutput(out);
    void output.put('a.html', big('dropped'));
    await output.abort();
    void output.put('late.html', big('late'));
    expect(await readFile(path.join(out, 'a.html'), 'utf8')).toBe(big('kept'));
    expect(readdirSync(root)).toEqual(['dist']);
    expect(existsSync(path.join(out, 'late.html'))).toBe(false);
  });

  it('links a file by the hash its build recorded, without its bytes; otherwise the caller puts it', async () => {
    const output = await openOutput(out);
    void output.put('a.html', big('rendered'), 'key-1');
    void output.put('b.html', big('other'), 'key-2');
    const first = await output.commit();
    const before = await ino('a.html');
    const next = await openOutput(out, first);
    expect(await next.kept('a.html', 'key-1')).toBe(true);
    expect(await next.kept('b.html', 'key-changed')).toBe(false);
    void next.put('b.html', big('changed'), 'key-changed');
    const second = await next.commit();
    expect(second.hashes).toEqual({ 'a.html': 'key-1', 'b.html': 'key-changed' });
    expect(await ino('a.html')).toBe(before);
    expect(await readFile(path.join(out, 'b.html'), 'utf8')).toBe(big('changed'));
  });

  it('refuses to write one file twice', async () => {
    const output = await openOutput(out);
    void output.put('a.html', 'one');
    expect(() => output.put('a.html', 'two')).toThrow(/a\.html twice/);
    await output.abort();
  });
});
