/**
 * Stage: draw the diagrams. Each D2 text is drawn once and kept in the stage memo under
 * its own hash and the D2 version and options (not the code hash: a code change does
 * not change what D2 draws), so a warm build starts no D2 at all. The finishing touches
 * (svg.ts) are cheap and run every time. D2 errors become diagnostics at their line.
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { StageMemo } from '../incremental/memo.ts';
import { sha } from '../hash.ts';
import { D2_VERSION, RENDER_OPTIONS, renderD2, type D2Result } from './d2.ts';
import type { DiagramSpec } from './registry.ts';
import { finishSvg } from './svg.ts';

export interface DrawnDiagrams {
  /** dist path (no leading slash) → SVG text. */
  files: Map<string, string>;
  diagnostics: Diagnostic[];
  /** Diagrams D2 drew in this run (the others came from the memo). */
  drawn: number;
}

export const DIAGRAM_STAGE = 'diagram-d2';

export async function drawDiagrams(specs: readonly DiagramSpec[], memo: StageMemo): Promise<DrawnDiagrams> {
  const files = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  let drawn = 0;
  // One at a time: D2 is one engine; its worker thread leaves this thread free for the compile.
  for (const spec of specs) {
    const key = sha([D2_VERSION, JSON.stringify(RENDER_OPTIONS), spec.source].join('\0'));
    let result = memo.get<D2Result>(DIAGRAM_STAGE, key);
    if (!result) {
      try {
        result = await renderD2(spec.source);
      } catch (e) {
        // The engine itself failed (not the diagram): say so, and keep nothing.
        diagnostics.push({
          file: spec.relFile,
          message: `D2 could not draw the diagram "${spec.ref.id}": ${(e as Error).message}`,
          rule: 'diagram-source',
        });
        continue;
      }
      drawn++;
      memo.set(DIAGRAM_STAGE, key, result);
    }
    if (!result.ok) {
      for (const e of result.errors) {
        diagnostics.push(
          spec.generated
            ? {
                file: spec.relFile,
                message:
                  `The diagram "${spec.ref.id}" drawn from this file does not ` +
                  `compile: ${e.message} (line ${e.line} of the generated D2)`,
                rule: 'diagram-source',
              }
            : {
                file: spec.relFile,
                line: e.line,
                column: e.column,
                message: `Expected valid D2, found an error: ${e.message}`,
                rule: 'diagram-source',
              },
        );
      }
      continue;
    }
    const meta = { title: spec.ref.title, description: spec.ref.alt };
    files.set(spec.ref.light.slice(1), finishSvg(result.light, meta));
    files.set(spec.ref.dark.slice(1), finishSvg(result.dark, meta));
  }
  return { files, diagnostics, drawn };
}
