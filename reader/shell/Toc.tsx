/** Table of contents (h2–h3) with the section in view highlighted while scrolling. */
import { useEffect, useState } from 'react';
import type { TocEntry } from '../../schema/page.ts';
import { TEXT } from '../lib/constants.ts';
import { TOC_MAX_LEVEL, TOC_MIN_LEVEL } from '../../schema/site-constants.ts';

export function useActiveHeading(ids: string[]): string | undefined {
  const [active, setActive] = useState<string>();
  useEffect(() => {
    if (!ids.length) return;
    const onScroll = () => {
      // The last heading whose top is above the reading line (below the navbar).
      const line = (document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0) + 40;
      let current: string | undefined;
      for (const id of ids) {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top <= line) current = id;
      }
      // At the very bottom the last headings can never reach the line: take the last one in view.
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom && window.scrollY > 0) {
        for (const id of ids) {
          const el = document.getElementById(id);
          if (el && el.getBoundingClientRect().top < window.innerHeight) current = id;
        }
      }
      setActive(current ?? ids[0]);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [ids.join('|')]);
  return active;
}

export function Toc({ toc: all }: { toc: TocEntry[] }) {
  const toc = all.filter((t) => t.depth >= TOC_MIN_LEVEL && t.depth <= TOC_MAX_LEVEL);
  const active = useActiveHeading(toc.map((t) => t.id));
  if (!toc.length) return null;
  return (
    <nav className="toc" aria-label={TEXT.onThisPage}>
      <p className="toc-title">{TEXT.onThisPage}</p>
      <ul>
        {toc.map((t) => (
          <li key={t.id} className={`toc-depth-${t.depth}`}>
            <a
              href={`#${t.id}`}
              className={t.id === active ? 'toc-link active' : 'toc-link'}
              aria-current={t.id === active ? 'location' : undefined}
            >
              {t.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
