/**
 * What compiling one page may depend on besides its own file. Everything here is
 * plain JSON so it can cross into a worker thread, and is hashed into the cache key.
 */
import type { SiteConfig } from '../../schema/site-config.ts';
import type { LoadedData } from '../../schema/data.ts';
import type { Frontmatter } from '../../schema/frontmatter.ts';
import type { SiteModel } from '../content/validate.ts';
import type { KindContext } from '../kinds/context.ts';
import type { SourceContext } from '../sources/types.ts';
import type { DiagramRef } from '../diagrams/figure.ts';

export interface CompileContext {
  config: SiteConfig;
  data: LoadedData;
  /** What the page kinds add, each from its own pages (kinds/context.ts): passed through, never read here. */
  kinds: KindContext;
  /** The diagrams pages may show (`::diagram[id]`) or link to (payment methods); none when absent. */
  diagrams?: DiagramRef[];
}

export interface CompileInput {
  route: string;
  relFile: string;
  hash: string;
  frontmatter: Frontmatter;
  body: string;
  bodyLine: number;
}

/** What compiling takes from a validated page: plain data, to cross to the worker threads (`lineOf` cannot). */
export const compileInput = (page: Pick<SiteModel['pages'][number], keyof CompileInput>): CompileInput => ({
  route: page.route,
  relFile: page.relFile,
  hash: page.hash,
  frontmatter: page.frontmatter,
  body: page.body,
  bodyLine: page.bodyLine,
});

/**
 * The context every page of the site compiles with; `kinds`: what the page kinds add
 * (kinds/index.ts `kindContext`).
 */
export function compileContext(site: Pick<SiteModel, 'config' | 'data'>, kinds: KindContext): CompileContext {
  return { config: site.config, data: site.data, kinds };
}

/** What a table source (pipeline/sources/) reads of the compile context. */
export const sourceContext = (ctx: Pick<CompileContext, 'data' | 'kinds'>): SourceContext => ({
  data: ctx.data,
  ...ctx.kinds,
});
