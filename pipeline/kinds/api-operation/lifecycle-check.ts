/**
 * Lifecycle and releases against each other (rules in pipeline/rules/lifecycle.ts):
 * an operation's `since` / `deprecated` / `sunset` against content/data/releases.yaml and
 * its own fields, its `renamed_from_v1` against both definitions, and the changes each
 * release declares against the operation pages. Pure: (page or site) → diagnostics.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { SiteModel } from '../../content/validate.ts';
import { fieldDiagnostic, type PageOf } from '../types.ts';
import type { RuleId } from '../../rules.ts';
import { siteIndex } from '../site-index.ts';
import { fieldAt, fieldAtSidePath, lifecycleEntries, v1CounterpartPath } from './lifecycle.ts';

const RELEASES_FILE = 'content/data/releases.yaml';

/** The last few ids, for a hint (the file may hold dozens). */
const someIds = (ids: string[]) => (ids.length > 8 ? `…, ${ids.slice(-8).join(', ')}` : ids.join(', '));

export function checkLifecycle(page: PageOf<'api-operation'>, site: SiteModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (path: (string | number)[], message: string, rule: RuleId, hint?: string) =>
    out.push(fieldDiagnostic(page, path, message, rule, hint));
  const api = page.frontmatter.api;
  const dates = new Map(site.data.releases.map((r) => [r.id, r.date]));
  const ids = [...dates.keys()].sort();
  const release = (id: string, path: (string | number)[]) => {
    if (dates.has(id)) return true;
    at(
      path,
      `Expected a release id of ${RELEASES_FILE}, found "${id}"`,
      'lifecycle-release',
      `Releases: ${someIds(ids)}.`,
    );
    return false;
  };
  const operations = siteIndex(site.pages).operationByRoute;
  for (const entry of lifecycleEntries(api)) {
    const { since, deprecated, sunset } = entry.lifecycle;
    const sinceOk = since !== undefined && release(since, [...entry.trail, 'since']);
    const inOk = deprecated !== undefined && release(deprecated.in, [...entry.trail, 'deprecated', 'in']);
    if (deprecated?.use !== undefined) {
      const use = deprecated.use;
      const found = entry.target === 'operation' ? operations.has(use) : fieldAt(api[entry.side!], use) !== undefined;
      if (!found)
        at(
          [...entry.trail, 'deprecated', 'use'],
          entry.target === 'operation'
            ? `Expected the route of an operation page, found "${use}"`
            : `Expected a ${entry.side} field of this operation, found "${use}"`,
          'lifecycle-use',
        );
    }
    if (sinceOk && inOk && dates.get(since!)! > dates.get(deprecated!.in)!)
      at(
        [...entry.trail, 'since'],
        `Expected the release it came in (${since}) to be no later than its deprecation (${deprecated!.in})`,
        'lifecycle-sunset',
      );
    if (sunset === undefined) continue;
    if (!deprecated)
      at(
        [...entry.trail, 'sunset'],
        `Expected a \`deprecated\` beside sunset ${sunset}, found none`,
        'lifecycle-sunset',
      );
    else if (inOk && sunset <= dates.get(deprecated.in)!)
      at(
        [...entry.trail, 'sunset'],
        `Expected a sunset after ${dates.get(deprecated.in)} (release ${deprecated.in} deprecated it), found ${sunset}`,
        'lifecycle-sunset',
      );
  }
  checkRenames(page, site, at);
  return out;
}

function checkRenames(
  page: PageOf<'api-operation'>,
  site: SiteModel,
  at: (path: (string | number)[], message: string, rule: RuleId, hint?: string) => void,
) {
  const api = page.frontmatter.api;
  if (!api.renamed_from_v1) return;
  const counterpart = v1CounterpartPath(api);
  const v1 = counterpart ? siteIndex(site.pages).operationByPath.get(counterpart) : undefined;
  if (!v1) {
    at(
      ['api', 'renamed_from_v1'],
      `Expected a v1 counterpart (${counterpart ?? 'v2 operations only'}) to rename from, found none`,
      'v1-rename',
    );
    return;
  }
  for (const [from, to] of Object.entries(api.renamed_from_v1)) {
    if (!fieldAtSidePath(v1.frontmatter.api, from))
      at(
        ['api', 'renamed_from_v1', from],
        `Expected a field of ${v1.route}, found "${from}"`,
        'v1-rename',
        'Name it as declared on the v1 page: `request.` or `response.` and its path.',
      );
    if (!fieldAtSidePath(api, to))
      at(
        ['api', 'renamed_from_v1', from],
        `Expected a field of this operation to rename "${from}" to, found "${to}"`,
        'v1-rename',
      );
  }
}

/** The changes content/data/releases.yaml declares, against the operation pages (`today`: no release after it). */
export function checkReleaseChanges(site: SiteModel, today: string): Diagnostic[] {
  const file = site.dataFiles.releases;
  if (!file) return [];
  const out: Diagnostic[] = [];
  const at = (path: (string | number)[], message: string) =>
    out.push({
      file: file.relFile,
      line: file.lineOf(path),
      field: path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join(''),
      message,
      rule: 'release-change',
    });
  const byRoute = siteIndex(site.pages).operationByRoute;
  site.data.releases.forEach((release, i) => {
    if (release.date > today)
      at([i, 'date'], `Expected a release dated today (${today}) or earlier, found ${release.date}`);
    release.changes.forEach((change, j) => {
      const operation = byRoute.get(change.operation);
      if (!operation) {
        if (change.change !== 'removed' || change.field)
          at([i, 'changes', j, 'operation'], `Expected the route of an operation page, found "${change.operation}"`);
        return;
      }
      if (change.field && change.change !== 'removed' && !fieldAtSidePath(operation.frontmatter.api, change.field))
        at([i, 'changes', j, 'field'], `Expected a field of ${change.operation}, found "${change.field}"`);
    });
  });
  return out;
}
