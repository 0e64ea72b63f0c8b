/**
 * "Copy page" (the page's Markdown twin to the clipboard, with a confirmation) and
 * "View as Markdown" (a link to the twin); on API pages also the API's OpenAPI
 * document. The twin is fetched on click only: nothing here weighs on page load.
 */
import { useEffect, useState } from 'react';
import type { ReaderPage } from '../../schema/page.ts';
import { apiIdOf, openApiPath, twinPath } from '../../schema/machine-docs.ts';
import { copyText } from '../lib/clipboard.ts';
import { COPY_CONFIRM_MS } from '../lib/constants.ts';

type State = 'idle' | 'copied' | 'failed';
const LABEL: Record<State, string> = { idle: 'Copy page', copied: 'Copied', failed: 'Copy failed' };

export function PageActions({ page }: { page: Pick<ReaderPage, 'route' | 'kind' | 'frontmatter'> }) {
  const [state, setState] = useState<State>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), COPY_CONFIRM_MS);
    return () => clearTimeout(t);
  }, [state]);
  const href = `/${twinPath(page.route)}`;
  const fm = page.frontmatter;
  const api = fm.kind === 'api-operation' ? fm.api : undefined;
  const copy = async () => {
    try {
      const res = await fetch(href);
      if (!res.ok) throw new Error(String(res.status));
      await copyText(await res.text());
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="page-actions">
      <button type="button" className={`page-action${state === 'copied' ? ' copied' : ''}`} onClick={copy}>
        {LABEL[state]}
      </button>
      <a className="page-action" href={href} type="text/markdown">
        View as Markdown
      </a>
      {api ? (
        <a className="page-action" href={`/${openApiPath(apiIdOf(api))}`} type="application/json">
          OpenAPI
        </a>
      ) : null}
      <span className="visually-hidden" role="status">
        {state === 'copied'
          ? 'Page copied to the clipboard as Markdown'
          : state === 'failed'
            ? 'The page could not be copied'
            : ''}
      </span>
    </div>
  );
}
