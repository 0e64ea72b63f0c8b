/**
 * The full search page, /search?q=…&ctx=…&version=…: up to 50 pages, each with its
 * matching headings grouped under it. The URL follows the query as one types
 * (history entry replaced), a change of context adds an entry, and back/forward
 * restore both. `ctx=!id` means everything outside that context.
 */
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { SEARCH_PAGE_RESULTS, TEXT } from '../lib/constants.ts';
import { useSite } from '../site-context.tsx';
import { useIndexState, useQueryAnswer, useSearchClient } from './client.ts';
import { Marked, hitHref, pageHref } from './marks.tsx';
import type { SearchScope } from '../../search/engine/protocol.ts';

export interface SearchParams {
  q: string;
  ctx: string;
  version: string;
}

export function readParams(search: string): SearchParams {
  const p = new URLSearchParams(search);
  return { q: p.get('q') ?? '', ctx: p.get('ctx') ?? '', version: p.get('version') ?? '' };
}

export function paramsUrl({ q, ctx, version }: SearchParams): string {
  const p = new URLSearchParams();
  if (q) p.set('q', q);
  if (ctx) p.set('ctx', ctx);
  if (version) p.set('version', version);
  const s = p.toString();
  return `/search${s ? `?${s}` : ''}`;
}

/** `ctx` → scope: `api-v2` within, `!api-v2` outside; unknown contexts are ignored. */
export function scopeOf(ctx: string, contexts: readonly { id: string }[]): SearchScope | undefined {
  const outside = ctx.startsWith('!');
  const id = outside ? ctx.slice(1) : ctx;
  return contexts.some((c) => c.id === id) ? { context: id, outside } : undefined;
}

export function SearchPage() {
  const { manifest } = useSite();
  const { contexts } = manifest.site.search;
  const client = useSearchClient();
  const state = useIndexState(client);
  const search = useSearch();
  const params = readParams(search);
  const [q, setQ] = useState(params.q);
  const scope = scopeOf(params.ctx, contexts);
  const { answer, current } = useQueryAnswer(
    client,
    q,
    { channel: 'page', mode: 'full', scope, limit: SEARCH_PAGE_RESULTS },
    params.ctx,
  );

  // Back/forward (or a link) changed the URL: follow it.
  useEffect(() => {
    setQ(params.q);
  }, [params.q]);

  const type = (value: string) => {
    setQ(value);
    history.replaceState(history.state, '', paramsUrl({ ...params, q: value }));
  };
  const setContext = (ctx: string) => history.pushState(history.state, '', paramsUrl({ ...params, q, ctx }));

  const shown = q.trim() ? answer : undefined;
  const loading = Boolean(q.trim()) && (state === 'loading' || Boolean(current && !current.complete));
  const busy = Boolean(q.trim()) && state !== 'error' && !current?.complete;
  const scopeLabel = scope
    ? `${scope.outside ? 'outside' : 'within'} "${contexts.find((c) => c.id === scope.context)!.label}"`
    : '';
  return (
    <div className="search-page">
      <h1>{q.trim() ? <>Search results for “{q.trim()}”</> : 'Search the documentation'}</h1>
      <form className="search-page-form" role="search" onSubmit={(e) => e.preventDefault()}>
        <input
          type="search"
          className="search-page-input"
          aria-label="Search the documentation"
          placeholder="Type to search"
          value={q}
          autoFocus
          onChange={(e) => type(e.target.value)}
        />
        <select
          className="search-page-context"
          aria-label="Search context"
          value={scope ? params.ctx : ''}
          onChange={(e) => setContext(e.target.value)}
        >
          <option value="">All of the documentation</option>
          {contexts.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
          {scope?.outside ? (
            <option value={params.ctx}>Outside {contexts.find((c) => c.id === scope.context)!.label}</option>
          ) : null}
        </select>
      </form>
      {params.version && params.version !== manifest.site.version ? (
        <p className="search-version-note">
          The documentation has one version, “{manifest.site.version}”: these results are from it.
        </p>
      ) : null}
      {loading ? (
        <p className="search-loading" role="status">
          <span className="search-spinner" aria-hidden="true" />
          Loading search index…
        </p>
      ) : null}
      {state === 'error' ? (
        <p className="search-error" role="alert">
          {client.error()}
        </p>
      ) : null}
      {current?.complete && !current.pages.length ? (
        <p className="search-empty" role="status">
          {TEXT.noResults}
        </p>
      ) : null}
      {shown?.pages.length ? (
        <>
          <p className="search-count" role="status">
            {shown.pages.length}
            {shown.pages.length === SEARCH_PAGE_RESULTS ? '+' : ''} {shown.pages.length === 1 ? 'page' : 'pages'}
            {scopeLabel ? ` ${scopeLabel}` : ''}
          </p>
          <ol className="search-results" aria-busy={busy}>
            {shown.pages.map((page) => {
              const headings = page.hits.filter((h) => h.h);
              return (
                <li key={page.route} className="search-result">
                  <div className="search-result-head">
                    <Link className="search-result-title" href={pageHref(page)}>
                      <Marked text={page.title} words={page.hits.find((h) => !h.h)?.marks ?? page.hits[0].marks} />
                    </Link>
                    {page.label ? <span className="search-label">{page.label}</span> : null}
                  </div>
                  {page.breadcrumbs.length > 1 ? (
                    <p className="search-result-trail">{page.breadcrumbs.slice(0, -1).join(' › ')}</p>
                  ) : null}
                  {headings.length ? (
                    <ul className="search-result-headings">
                      {headings.map((h) => (
                        <li key={h.h}>
                          <Link href={hitHref(h)}>
                            <Marked text={h.t} words={h.marks} />
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </>
      ) : null}
    </div>
  );
}
