/**
 * What compiling one page may depend on besides its own file. Everything here is
 * plain JSON so it can cross into a worker thread, and is hashed into the cache key.
 */
import type { SiteConfig } from '../../schema/site-config.ts';
import type { LoadedData } from '../../schema/data.ts';
import type { Frontmatter } from '../../schema/frontmatter.ts';
import type { SiteModel } from '../content/validate.ts';
import { methodCountries } from '../kinds/payment-method/index.ts';
import type { DiagramRef } from '../diagrams/figure.ts';

export interface CompileContext {
  config: SiteConfig;
  data: LoadedData;
  /** Countries served by payment methods (for the ISO 3166-2 table). */
  methodCountries: string[];
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

/** The context every page of the site compiles with. */
export function compileContext(site: Pick<SiteModel, 'config' | 'data' | 'pages'>): CompileContext {
  return { config: site.config, data: site.data, methodCountries: methodCountries(site.pages) };
}
