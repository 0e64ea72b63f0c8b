/**
 * A method page prints its sandbox cases once: the "Sandbox test data" table generated from
 * `method.test_data` (./card.ts). A Markdown table or list in the body that repeats those
 * cases is a second copy that drifts (a row the data lacks, an outcome it contradicts), so
 * `check` names it and asks for the row to move into the data. A block repeats the table
 * when two or more of its rows (one, for a single case) send an input value of a case.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { PageSource } from '../../content/validate.ts';
import type { PaymentMethod } from '../../../schema/frontmatter-method.ts';

/** A table or list of the body: its first line (0-based, within the body) and its rows. */
interface Block {
  line: number;
  rows: string[];
}

const ROW = /^\s*(\||[-*+]\s|\d+[.)]\s)/;

/** Tables and lists of a Markdown body, fenced code left out. */
export function bodyBlocks(body: string): Block[] {
  const blocks: Block[] = [];
  let fence: string | undefined;
  let current: Block | undefined;
  body.split('\n').forEach((text, i) => {
    const marker = text.match(/^\s*(```|~~~)/)?.[1];
    if (fence || marker) {
      if (marker && (!fence || marker === fence)) fence = fence ? undefined : marker;
      current = undefined;
      return;
    }
    // A table's delimiter row (|---|) is no row; a list item's continuation line belongs to it.
    if (/^\s*\|[\s:|-]+\|\s*$/.test(text)) return;
    if (ROW.test(text)) {
      if (!current) blocks.push((current = { line: i, rows: [] }));
      current.rows.push(text);
    } else if (current && /^\s{2,}\S/.test(text)) current.rows[current.rows.length - 1] += ` ${text.trim()}`;
    else current = undefined;
  });
  return blocks;
}

/** The values a case sends that identify it: test card numbers, amounts, phones, accounts. */
function caseValues(m: PaymentMethod): string[][] {
  return m.test_data.map((t) =>
    Object.values(t.input)
      .map(String)
      .filter((v) => /\d{3}/.test(v) || /[@.]/.test(v)),
  );
}

export function repeatedTestData(page: Pick<PageSource, 'relFile' | 'body' | 'bodyLine'>, m: PaymentMethod) {
  const values = caseValues(m);
  const wanted = Math.min(2, m.test_data.length);
  const out: Diagnostic[] = [];
  for (const block of bodyBlocks(page.body)) {
    const repeated = block.rows.filter((row) => values.some((vs) => vs.some((v) => row.includes(v))));
    if (repeated.length < wanted) continue;
    out.push({
      file: page.relFile,
      line: page.bodyLine + block.line,
      field: 'body',
      message:
        'Expected the sandbox cases once, in method.test_data (printed as the "Sandbox test data" table), ' +
        `found a ${block.rows[0].trim().startsWith('|') ? 'table' : 'list'} repeating ${repeated.length} of ` +
        'them',
      rule: 'repeated-test-data',
      hint:
        'Delete the table or list; move a row that method.test_data lacks into it (true ' +
        'to content/data/sandbox_values.yaml), and keep only prose the table does not say.',
    });
  }
  return out;
}
