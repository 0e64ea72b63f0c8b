/**
 * The real site's validated model (pages with typed frontmatter, data files), without
 * compiling or emitting anything: what the content tests read.
 */
import { loadContent } from '../../pipeline/content/load.ts';
import { validateContent, type PageSource, type SiteModel } from '../../pipeline/content/validate.ts';
import { formatDiagnostics } from '../../pipeline/diagnostics.ts';
import { projectRoot } from '../helpers.ts';

export async function loadSiteModel(): Promise<SiteModel> {
  const { site, diagnostics } = validateContent(await loadContent(projectRoot));
  if (!site || diagnostics.length) throw new Error(formatDiagnostics(diagnostics, false));
  return site;
}

type Kind = PageSource['frontmatter']['kind'];
export type PageOf<K extends Kind> = PageSource & { frontmatter: Extract<PageSource['frontmatter'], { kind: K }> };
export const pagesOf = <K extends Kind>(site: SiteModel, kind: K) =>
  site.pages.filter((p) => p.frontmatter.kind === kind) as PageOf<K>[];

/** Sentences of a page body (code blocks left out), for checks on what a sentence claims. */
export function sentences(body: string): string[] {
  return body
    .replace(/```[\s\S]*?```/g, ' ')
    .split(/(?<=[.!?])\s+|\n{2,}|\n(?=[-|*\d])/)
    .map((s) => s.trim())
    .filter(Boolean);
}
