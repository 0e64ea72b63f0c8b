/**
 * The not-found page's suggestions: up to five pages for the words of the mistyped
 * address, from the reader's own search (the worker and index the search box uses,
 * cached for offline reading like the rest of the index). Nothing while prerendering:
 * the 404 document stays the same bytes, and answers with status 404 on every host.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useSearchClient } from '../search/client.ts';
import type { PageResult } from '../../search/engine/protocol.ts';
import { pathWords } from '../../schema/path-words.ts';
import { NOT_FOUND_SUGGESTIONS_ID } from '../../schema/chrome-ids.ts';

export const PATH_SUGGESTIONS = 5;

export function PathSuggestions({ path }: { path: string }) {
  const client = useSearchClient();
  const [pages, setPages] = useState<PageResult[]>([]);
  useEffect(() => {
    setPages([]);
    const q = pathWords(path);
    if (!q) return;
    client.start();
    void import('../offline/styles.ts');
    return client.query(q, { channel: 'not-found', mode: 'full', limit: PATH_SUGGESTIONS }, (answer) =>
      setPages(answer.pages.slice(0, PATH_SUGGESTIONS)),
    );
  }, [path, client]);
  if (!pages.length) return null;
  return (
    <nav className="not-found-suggestions" aria-labelledby={NOT_FOUND_SUGGESTIONS_ID}>
      <h2 id={NOT_FOUND_SUGGESTIONS_ID}>Were you looking for</h2>
      <ul>
        {pages.map((page) => (
          <li key={page.route}>
            <Link href={page.route}>{page.title}</Link>
            {page.breadcrumbs.length > 1 ? (
              <span className="not-found-trail"> — {page.breadcrumbs.slice(0, -1).join(' › ')}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
