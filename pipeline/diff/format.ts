/**
 * Stage (paydocs diff): a diff report → text. `pretty` for a terminal, `json` the report itself
 * (schema/diff-report.ts), `github` one workflow annotation per breaking change or lost page (and
 * the pretty text), `markdown` a pull-request comment.
 */
import pc from 'picocolors';
import type { ApiChange, DiffReport, PageChange } from '../../schema/diff-report.ts';

export const DIFF_FORMATS = ['pretty', 'json', 'github', 'markdown'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

const verdictOf = (c: ApiChange) =>
  c.breaking ? (c.declared ? 'breaking, declared' : 'breaking, NOT declared') : 'not breaking';

function pageLine(p: PageChange): string {
  if (p.change === 'moved') return `moved    ${p.route} → ${p.to}`;
  if (p.change === 'anchor-removed') return `anchor   ${p.route}#${p.anchor} removed`;
  return `${p.change.padEnd(8)} ${p.route}`;
}

function summaryLine(r: DiffReport): string {
  const { api, breaking, undeclared, pages } = r.summary;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const apiPart = `${plural(api, 'API change')} (${breaking} breaking, ${undeclared} not declared)`;
  return `${apiPart}, ${plural(pages, 'page change')}`;
}

export function prettyDiff(r: DiffReport, color = false): string {
  const c = color ? pc : { red: String, green: String, yellow: String, dim: String, bold: String };
  const lines = [c.bold(`paydocs diff ${r.base} → ${r.head}`), ''];
  lines.push(c.bold('API'));
  if (!r.api.length) lines.push('  no change');
  for (const a of r.api) {
    const mark = a.breaking ? (a.declared ? c.yellow('!') : c.red('✗')) : c.green('+');
    lines.push(`  ${mark} ${a.api} ${a.method}: ${a.message} ${c.dim(`[${a.rule}: ${verdictOf(a)}]`)}`);
  }
  lines.push('', c.bold('Pages'));
  if (!r.pages.length) lines.push('  no change');
  for (const p of r.pages) lines.push(`  ${pageLine(p)}${p.suggestion ? `\n    ${c.dim(`→ ${p.suggestion}`)}` : ''}`);
  lines.push('', r.ok ? c.green(`✓ ${summaryLine(r)}`) : c.red(`✗ ${summaryLine(r)}`));
  if (!r.ok)
    lines.push(
      `  Declare each breaking change in content/data/releases.yaml (api, operation, field, value), or undo it.`,
    );
  return lines.join('\n');
}

// Workflow commands end their values at a line break, and their properties at `,` and `:`.
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `::error` per undeclared breaking change, `::warning` per declared one and per page or anchor links lose. */
export function githubDiff(r: DiffReport): string {
  const out: string[] = [];
  for (const a of r.api.filter((x) => x.breaking)) {
    const title = `paydocs diff: ${a.declared ? 'declared' : 'undeclared'} breaking change (${a.rule})`;
    const text = escapeData(`${a.api} ${a.method}: ${a.message}`);
    out.push(`::${a.declared ? 'warning' : 'error'} title=${escapeProperty(title)}::${text}`);
  }
  for (const p of r.pages.filter((x) => x.change !== 'added')) {
    const title = escapeProperty(`paydocs diff: page ${p.change}`);
    out.push(`::warning title=${title}::${escapeData(`${pageLine(p)}\n→ ${p.suggestion}`)}`);
  }
  return [...out, prettyDiff(r)].join('\n');
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

/** A pull-request comment: the verdict first, then the API and page tables. */
export function markdownDiff(r: DiffReport): string {
  const lines = ['## paydocs diff', ''];
  const n = r.summary.undeclared;
  const verdict = `**${n} breaking API change${n === 1 ? ' is' : 's are'} not declared** in content/data/releases.yaml`;
  lines.push(r.ok ? `✅ No undeclared breaking API change. ${summaryLine(r)}.` : `❌ ${verdict}. ${summaryLine(r)}.`);
  if (r.api.length) {
    lines.push('', '### API', '', '| | API | operation | change | rule | declared |', '|---|---|---|---|---|---|');
    for (const a of r.api) {
      const mark = a.breaking ? (a.declared ? '⚠️ breaking' : '❌ breaking') : '➕';
      const operation = `[${code(a.method)}](${a.operation})`;
      lines.push(
        `| ${mark} | ${a.api} | ${operation} | ${cell(a.message)} | ${code(a.rule)} | ${a.declared ? 'yes' : 'no'} |`,
      );
    }
  }
  if (r.pages.length) {
    lines.push('', '### Pages', '', '| change | page | what keeps links working |', '|---|---|---|');
    for (const p of r.pages) {
      const moved = p.to ? `${p.route} → ${p.to}` : p.route;
      const where = p.change === 'anchor-removed' ? `${p.route}#${p.anchor}` : moved;
      lines.push(`| ${p.change} | ${code(where)} ${cell(p.title)} | ${cell(p.suggestion ?? '')} |`);
    }
  }
  return lines.join('\n');
}

export function formatDiff(r: DiffReport, format: DiffFormat, color = false): string {
  if (format === 'json') return JSON.stringify(r, null, 2);
  if (format === 'github') return githubDiff(r);
  if (format === 'markdown') return markdownDiff(r);
  return prettyDiff(r, color);
}
