/**
 * The transaction status diagram, drawn from content/data/transaction_statuses.yaml
 * (never by hand, so it cannot drift from the reference table): one box per status,
 * final statuses with a double border, an arrow per allowed transition, and its text
 * alternative listing the same transitions in words.
 */
import type { LoadedData } from '../../schema/data.ts';

type Status = LoadedData['transaction_statuses'][number];

/** D2 keys are the status codes (identifiers: letters, digits, underscores), labels are quoted. */
export function statusDiagramSource(statuses: readonly Status[]): string {
  const lines = ['direction: right', 'start: "" { shape: circle; width: 16; height: 16 }'];
  if (statuses.length) lines.push(`start -> ${statuses[0].code}`);
  for (const s of statuses)
    lines.push(`${s.code}: ${JSON.stringify(s.label)}${s.final ? ' { style.double-border: true }' : ''}`);
  for (const s of statuses) for (const to of s.transitions) lines.push(`${s.code} -> ${to}`);
  return `${lines.join('\n')}\n`;
}

/** The diagram in words: where a transaction starts, where each status can go, which ones are final. */
export function statusDiagramDescription(statuses: readonly Status[]): string {
  if (!statuses.length) return 'No transaction statuses are defined.';
  const label = new Map(statuses.map((s) => [s.code, s.label]));
  const name = (code: string) => label.get(code) ?? code;
  const moves = statuses
    .filter((s) => s.transitions.length)
    .map((s) => `${s.label} can move to ${list(s.transitions.map(name))}.`);
  const finals = statuses.filter((s) => s.final).map((s) => s.label);
  return [
    `A transaction starts as ${statuses[0].label}.`,
    ...moves,
    finals.length ? `${list(finals, 'and')} ${finals.length === 1 ? 'is' : 'are'} final.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function list(items: string[], conjunction = 'or'): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}
