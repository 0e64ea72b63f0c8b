/** One documentation page: breadcrumbs, title, content, last updated, previous / next, TOC. */
import { useCallback, useMemo, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import type { ReaderPage } from '../../schema/page.ts';
import { PAGE_CONTENT_ID } from '../../schema/chrome-ids.ts';
import { linkedPath } from '../../schema/paths.ts';
import { EXTRA_ROUTES } from '../../schema/page-head.ts';
import { Breadcrumbs } from '../shell/chrome.tsx';
import { Toc } from '../shell/Toc.tsx';
import { contentHtml } from './content-html.ts';
import { prerenderedHtml } from '../lib/page-loader.ts';
import { useContentBehaviour } from './content-behaviour.ts';
import { PageActions } from './PageActions.tsx';
import { HighlightMarks } from '../search/highlight.tsx';
import { useSite } from '../site-context.tsx';
import { TEXT } from '../lib/constants.ts';

// One formatter for every page: `toLocaleDateString` with options builds a new one per call
// (measured: bench/HISTORY.md, date formatter).
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function formatDate(iso: string) {
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : DATE_FORMAT.format(d);
}

// Footer texts are one string each: "« " beside {title} would be two text nodes, which React's
// server render divides with an empty comment in every page's HTML.
export function PageView({ page }: { page: ReaderPage }) {
  const hideToc = Boolean((page.frontmatter as { hide_toc?: boolean }).hide_toc);
  // An API operation's reference takes the TOC's room for its second pane (api.css).
  const withToc = !hideToc && page.toc.length > 0 && page.kind !== 'api-operation';
  const { manifest } = useSite();
  // The content is HTML from its hast, not React elements: React owns the chrome around it. The page the
  // browser opened keeps the HTML it came with (measured: bench/HISTORY.md, Lighthouse).
  const html = useMemo(() => prerenderedHtml(page) ?? contentHtml(page.ast as never, page.route), [page]);
  const content = useRef<HTMLDivElement>(null);
  const [, navigate] = useLocation();
  const isPage = useCallback(
    (href: string) => {
      const path = linkedPath(href);
      return Boolean(manifest.routes[path]) || Object.hasOwn(EXTRA_ROUTES, path);
    },
    [manifest],
  );
  useContentBehaviour(content, html, navigate, isPage);
  return (
    <div className={withToc ? 'doc-layout with-toc' : 'doc-layout'}>
      <article className="doc" data-kind={page.kind}>
        <Breadcrumbs items={page.breadcrumbs} />
        <header>
          <h1 className="doc-title">{page.title}</h1>
          {page.route === '/' ? (
            <p className="tagline" lang="ru">
              {manifest.site.tagline}
            </p>
          ) : null}
          <PageActions page={page} />
        </header>
        <HighlightMarks root={PAGE_CONTENT_ID} route={page.route} />
        <div className="markdown" id={PAGE_CONTENT_ID} ref={content} dangerouslySetInnerHTML={{ __html: html }} />
        <footer className="doc-footer">
          {page.lastUpdated ? (
            <p className="last-updated">
              {`${TEXT.lastUpdated} `}
              <time dateTime={page.lastUpdated}>{formatDate(page.lastUpdated)}</time>
            </p>
          ) : null}
          {page.prev || page.next ? (
            <nav className="pagination-nav" aria-label="Previous and next pages">
              {page.prev ? (
                <Link className="pagination-link pagination-prev" href={page.prev.route}>
                  <span className="pagination-sub">{TEXT.previous}</span>
                  <span className="pagination-label">{`« ${page.prev.title}`}</span>
                </Link>
              ) : (
                <span />
              )}
              {page.next ? (
                <Link className="pagination-link pagination-next" href={page.next.route}>
                  <span className="pagination-sub">{TEXT.next}</span>
                  <span className="pagination-label">{`${page.next.title} »`}</span>
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </footer>
      </article>
      {withToc ? (
        <div className="toc-column">
          <Toc toc={page.toc} />
        </div>
      ) : null}
    </div>
  );
}
