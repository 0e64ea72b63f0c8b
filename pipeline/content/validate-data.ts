/**
 * The data files of the validate stage (content/data/*.yaml) → their rows, by file name: each
 * file a known one, its rows valid against the file's row schema (schema/data.ts), no key twice.
 */
import path from 'node:path';
import { z } from 'zod';
import { dataFiles, type DataFileName, type LoadedData } from '../../schema/data.ts';
import type { Diagnostic } from '../diagnostics.ts';
import type { StageMemo } from '../incremental/memo.ts';
import { parseYamlFile } from './frontmatter.ts';
import type { RawFile } from './load.ts';
import { validateYamlFile } from './validate-file.ts';

/** A valid data file's name and the line of a path in it (parsed again only when asked: a problem found later). */
export type DataFileLines = Partial<
  Record<DataFileName, { relFile: string; lineOf: (path: (string | number)[]) => number }>
>;

/** A data file that did not validate: its rows are left out. */
export interface InvalidDataFile {
  name: DataFileName;
  relFile: string;
}

export interface ValidatedData {
  /** Every data file's rows; a missing or invalid file's are none. */
  data: LoadedData;
  invalidData: InvalidDataFile[];
  dataFiles: DataFileLines;
  diagnostics: Diagnostic[];
}

export function validateDataFiles(files: RawFile[], memo: StageMemo | undefined): ValidatedData {
  const out: ValidatedData = {
    data: Object.fromEntries(Object.keys(dataFiles).map((k) => [k, []])) as unknown as LoadedData,
    invalidData: [],
    dataFiles: {},
    diagnostics: [],
  };
  for (const file of files) {
    const name = path.basename(file.file).replace(/\.ya?ml$/, '') as DataFileName;
    const rowSchema = dataFiles[name];
    if (!rowSchema) {
      out.diagnostics.push({
        file: file.relFile,
        message: `Unknown data file "${name}"`,
        rule: 'data-file',
        hint: `Data files are: ${Object.keys(dataFiles).join(', ')} (schema/data.ts).`,
      });
      continue;
    }
    const r = validateYamlFile(
      file,
      z.array(rowSchema as z.ZodType<Record<string, unknown>>),
      'data-file',
      memo,
      (rows, lineOf) => duplicateKeys(file, rows, lineOf),
    );
    out.diagnostics.push(...r.diagnostics);
    if (r.value && !r.diagnostics.length) {
      (out.data as Record<string, unknown[]>)[name] = r.value;
      let lineOf: ((path: (string | number)[]) => number) | undefined;
      out.dataFiles[name] = { relFile: file.relFile, lineOf: (p) => (lineOf ??= parseYamlFile(file.text).lineOf)(p) };
    } else out.invalidData.push({ name, relFile: file.relFile });
  }
  return out;
}

/** A row whose key (code, number or id, with its country if it has one) an earlier row has. */
function duplicateKeys(
  file: RawFile,
  rows: Record<string, unknown>[],
  lineOf: (path: (string | number)[]) => number,
): Diagnostic[] {
  const found: Diagnostic[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const key = String(row.code ?? row.number ?? row.id ?? '') + (row.country ? `@${row.country}` : '');
    if (!key) return; // a file without keys (search_synonyms)
    if (seen.has(key))
      found.push({
        file: file.relFile,
        line: lineOf([i]),
        field: `[${i}].${row.id !== undefined ? 'id' : 'code'}`,
        message: `Duplicate key "${key}" (first at row ${seen.get(key)})`,
        rule: 'data-duplicate',
      });
    seen.set(key, i);
  });
  return found;
}
