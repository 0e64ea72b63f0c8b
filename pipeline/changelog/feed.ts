/**
 * The changelog's Atom feed (RFC 4287), `dist/changelog.xml`: one entry per release, newest
 * first, each with its summary and declared changes as HTML and a link to its section of
 * /changelog. Linked from /changelog's head (`rel="alternate"`); served as
 * `application/atom+xml` (pipeline/server/hosting.ts).
 */
import { x } from 'xastscript';
import { toXml } from 'xast-util-to-xml';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import { CHANGELOG_FEED, CHANGELOG_ROUTE, releaseAnchor, type Release } from '../../schema/releases.ts';
import { inline } from '../../schema/inline.ts';
import { newestFirst } from './changelog-html.ts';

const ATOM = 'http://www.w3.org/2005/Atom';

/** Links in the summaries are site routes: absolute for a feed reader. */
function absolute(html: string, base: string): string {
  return html.replace(/href="\//g, `href="${base}/`);
}

function entryHtml(r: Release, base: string): string {
  const changes = r.changes.map((c) =>
    h(
      'li',
      [
        h('code', c.operation.replace(/^\/api\//, '')),
        c.field ? [' ', h('code', c.field)] : [],
        ` (${c.change}${c.breaking ? ', breaking' : ''}): `,
        ...inline(c.description),
      ].flat(),
    ),
  );
  return absolute(toHtml([h('p', inline(r.summary)), ...(changes.length ? [h('ul', changes)] : [])]), base);
}

export function changelogFeed(releases: readonly Release[], site: { title: string; url: string }): string {
  const base = site.url.replace(/\/$/, '');
  const page = `${base}${CHANGELOG_ROUTE}`;
  const sorted = newestFirst(releases);
  const updated = `${sorted[0]?.date ?? '1970-01-01'}T00:00:00Z`;
  const tree = x(null, [
    { type: 'instruction', name: 'xml', value: 'version="1.0" encoding="UTF-8"' },
    x('feed', { xmlns: ATOM }, [
      x('id', page),
      x('title', `${site.title} — API changelog`),
      x('subtitle', 'Releases of API v2, API v1 and the Reports API: new calls and fields, deprecations, sunsets.'),
      x('updated', updated),
      x('author', [x('name', site.title)]),
      x('link', { rel: 'alternate', type: 'text/html', href: page }),
      x('link', { rel: 'self', type: 'application/atom+xml', href: `${base}/${CHANGELOG_FEED}` }),
      ...sorted.map((r) => {
        const href = `${page}#${releaseAnchor(r)}`;
        return x('entry', [
          x('id', href),
          x('title', `${r.date} — ${r.title}`),
          x('updated', `${r.date}T00:00:00Z`),
          x('link', { rel: 'alternate', type: 'text/html', href }),
          ...r.apis.map((api) => x('category', { term: api })),
          x('content', { type: 'html' }, entryHtml(r, base)),
        ]);
      }),
    ]),
  ]);
  return `${toXml(tree)}\n`;
}
