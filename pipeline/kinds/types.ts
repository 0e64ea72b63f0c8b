/**
 * What a page kind may add to the pipeline, as plain functions of their inputs, so
 * any orchestrator (and its caches) can call them: generated parts at compile time,
 * cross-file checks, and parts filled at link time from other pages. Every hook is
 * optional: a `doc` page has none. The kind's frontmatter schema is in schema/.
 */
import type { ElementContent, Root } from 'hast';
import type { Frontmatter, PageKind } from '../../schema/frontmatter.ts';
import type { CompileContext } from '../compile/context.ts';
import type { KindContext } from './context.ts';
import type { DirectiveIssue } from '../compile/directives/types.ts';
import type { PageSource, SiteModel } from '../content/validate.ts';
import type { RuleId } from '../rules.ts';
import type { Diagnostic } from '../diagnostics.ts';

export type FrontmatterOf<K extends PageKind> = Extract<Frontmatter, { kind: K }>;
export type PageOf<K extends PageKind> = PageSource & { frontmatter: FrontmatterOf<K> };

/** ISO lookups (pipeline/sources/), injected so cross-checks stay pure. */
export interface CodeLists {
  isCountryCode(code: string): boolean;
  isCurrencyCode(code: string): boolean;
  currencyMinorUnits(code: string): number | undefined;
}

export interface CompileTools {
  /** An element id the page does not use yet, reserved for the caller (`wanted`, `wanted-1`, …). */
  uniqueId(wanted: string): string;
  /** Report a link inside a generated part, for the link check. */
  onLink(url: string): void;
}

/** Parts a kind generates from its frontmatter, placed around the page's prose. */
export interface GeneratedParts {
  /** Above the prose. */
  before?: ElementContent[];
  /** Below the prose. */
  after?: ElementContent[];
  /**
   * The content of a `::name` placeholder; a page without one gets it where `fallback` says (`none`:
   * nowhere). A function is called only when the content is placed.
   */
  fill?: {
    name: string;
    content: ElementContent[] | (() => ElementContent[]);
    fallback: 'before-first-h2' | 'end' | 'none';
  }[];
  issues?: DirectiveIssue[];
}

/** The site as the link stage sees it. */
export interface LinkSite {
  pages: PageSource[];
  /** Position of a route in the sidebar's reading order (undefined when it is not in the sidebar). */
  position(route: string): number | undefined;
}

/**
 * A part filled from other pages: `inputs` picks what of the site the page shows
 * (JSON-able, so a memo can key on it), `fill` makes the new tree from the compiled
 * one without changing it (compiled pages are shared with the cache).
 */
export interface LinkHook<K extends PageKind, Inputs> {
  inputs(page: PageOf<K>, site: LinkSite): Inputs;
  fill(ast: Root, inputs: Inputs): Root;
}

export interface KindModule<K extends PageKind> {
  /** Leaf directives (`::name`) that mark where a generated part of this kind goes. */
  placeholders?: readonly string[];
  /** What this kind adds to every page's compile context, from the site's pages (kinds/context.ts). */
  context?(pages: PageSource[]): Partial<KindContext>;
  compile?(frontmatter: FrontmatterOf<K>, ctx: CompileContext, tools: CompileTools): GeneratedParts;
  crossCheck?(page: PageOf<K>, site: SiteModel, codes: CodeLists): Diagnostic[];
  /** Each kind has its own inputs type: `any` here, checked inside the kind's module. */
  // biome-ignore lint/suspicious/noExplicitAny: each kind narrows its own inputs type in its module
  link?: LinkHook<K, any>;
}

/** A diagnostic about a frontmatter field of a page, at the field's line. */
export function fieldDiagnostic(
  page: PageSource,
  path: (string | number)[],
  message: string,
  rule: RuleId,
  hint?: string,
): Diagnostic {
  return {
    file: page.relFile,
    line: page.lineOf(path),
    field: path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join(''),
    message,
    rule,
    hint,
  };
}
