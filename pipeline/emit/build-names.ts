/**
 * The names a build of these pages writes outside its folders of hashed files: what a file
 * of content/public may not be called (rule public-clash, emit/public-files.ts). Known from
 * the validated pages, before anything is compiled, so `check`, `dev` and `build` report a
 * clash with the content's other problems. The writer checks again against the names it
 * wrote (emit/write.ts `claimed`), and a test holds this list to a real build's output.
 */
import type { PageSource } from '../content/validate.ts';
import { EXTRA_ROUTES } from '../../schema/page-head.ts';
import {
  MANIFEST_FILE,
  OFFLINE_SHELL_FILE,
  PAGE_CODEC_FILE,
  SERVICE_WORKER_FILE,
  htmlPath,
  pageDataPath,
} from '../../schema/dist-layout.ts';
import {
  LLMS_FULL_TXT,
  LLMS_TXT,
  apiIdOf,
  openApiPath,
  postmanPath,
  twinPath,
  type ApiId,
} from '../../schema/machine-docs.ts';
import { BUILD_MARKER } from './out-dir.ts';
import { CHANGELOG_FEED, RELEASES_FILE } from '../../schema/releases.ts';
import { siteFileNames } from './artifacts.ts';

export function namesABuildMakes(pages: Pick<PageSource, 'route' | 'frontmatter'>[]): Set<string> {
  const names = new Set<string>([
    BUILD_MARKER,
    MANIFEST_FILE,
    OFFLINE_SHELL_FILE,
    SERVICE_WORKER_FILE,
    LLMS_TXT,
    LLMS_FULL_TXT,
    CHANGELOG_FEED,
    RELEASES_FILE,
    PAGE_CODEC_FILE,
    ...siteFileNames(),
  ]);
  for (const { file } of Object.values(EXTRA_ROUTES)) names.add(file);
  const apis = new Set<ApiId>();
  for (const page of pages) {
    names.add(htmlPath(page.route)).add(twinPath(page.route)).add(pageDataPath(page.route));
    if (page.frontmatter.kind === 'api-operation') apis.add(apiIdOf(page.frontmatter.api));
  }
  // An API's OpenAPI document and Postman collection: written when it has an operation.
  for (const id of apis) names.add(openApiPath(id)).add(postmanPath(id));
  return names;
}

/**
 * The files of a build a page may link to, besides its pages and content/public: each page's
 * Markdown twin, llms.txt, the OpenAPI documents and Postman collections, the sitemap, the JSON
 * Schemas. Not what hosts hide (dotfiles, `_headers`, the page JSON under `_data/`) or redirect
 * (`.html`: link the page's route).
 */
export function linkableNames(pages: Pick<PageSource, 'route' | 'frontmatter'>[]): Set<string> {
  return new Set([...namesABuildMakes(pages)].filter((name) => !/^[._]/.test(name) && !name.endsWith('.html')));
}
