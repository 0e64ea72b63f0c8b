/**
 * The not-found page at a section address (`/api/v2`, `/cabinet`): the pages under it,
 * as the sidebar groups them (reader/page/section-pages.ts).
 */
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { SectionEntry, SectionPages } from './section-pages.ts';
import { NOT_FOUND_SECTION_ID } from '../../schema/chrome-ids.ts';

function Entries({ entries }: { entries: SectionEntry[] }) {
  return (
    <ul>
      {entries.map((entry, i) => (
        <li key={entry.href ?? `${i}:${entry.label}`}>
          {entry.href ? (
            <Link href={entry.href}>{entry.label}</Link>
          ) : (
            <span className="not-found-group">{entry.label}</span>
          )}
          {entry.items?.length ? <Entries entries={entry.items} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function SectionIndex({ section }: { section: SectionPages }) {
  useEffect(() => {
    void import('../offline/styles.ts');
  }, []);
  return (
    <nav className="not-found-suggestions not-found-section" aria-labelledby={NOT_FOUND_SECTION_ID}>
      <h2 id={NOT_FOUND_SECTION_ID}>
        Pages under <code>{section.path}</code>
      </h2>
      <Entries entries={section.entries} />
    </nav>
  );
}
