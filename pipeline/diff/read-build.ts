/**
 * Stage (paydocs diff): a built dist/ folder → what the diff compares. The manifest's routes, each
 * page's anchors (every element id of its decoded content: headings, field rows), the OpenAPI
 * documents (the full operation definitions) and the releases the build published. A folder that
 * is no paydocs build is a DiffInputError naming what is missing.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Element, Root, RootContent } from 'hast';
import { MANIFEST_FILE } from '../../schema/dist-layout.ts';
import { manifest as manifestSchema } from '../../schema/manifest.ts';
import { API_IDS, openApiPath, type ApiId } from '../../schema/machine-docs.ts';
import { decodeContent } from '../../schema/page-codec.ts';
import type { EncodedContent } from '../../schema/page.ts';
import { RELEASES_FILE, releases as releasesSchema, type Release } from '../../schema/releases.ts';

/** Bad input to `paydocs diff`: a folder that is no build, an unknown ref. Exit 2, one line. */
export class DiffInputError extends Error {
  constructor(
    message: string,
    readonly fix: string,
  ) {
    super(message);
    this.name = 'DiffInputError';
  }
}

export type OpenApiDocument = { paths?: Record<string, Record<string, unknown>>; [key: string]: unknown };

export interface BuildPage {
  title: string;
  kind: string;
  anchors: Set<string>;
}

export interface BuildSnapshot {
  pages: Map<string, BuildPage>;
  apis: Map<ApiId, OpenApiDocument>;
  releases: Release[];
}

async function json(dir: string, file: string, label: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path.join(dir, file), 'utf8'));
  } catch (error) {
    throw new DiffInputError(
      `${path.join(dir, file)}: ${label} is not readable JSON (${(error as Error).message.split('\n')[0]})`,
      'Rebuild the folder with "paydocs build".',
    );
  }
}

/** Every element id of a tree: where a `#fragment` link can land. Generated parts (samples, error rows) carry none. */
export function anchorsOf(tree: Root): Set<string> {
  const ids = new Set<string>();
  const walk = (node: Root | RootContent) => {
    if (node.type === 'element' && typeof node.properties.id === 'string') ids.add(node.properties.id);
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return ids;
}

const placeholder = (): Element => ({ type: 'element', tagName: 'div', properties: {}, children: [] });

async function readPages(dir: string, routes: Record<string, { title: string; kind: string; data: string }>) {
  const pages = new Map<string, BuildPage>();
  for (const [route, entry] of Object.entries(routes)) {
    const file = decodeURIComponent(entry.data.replace(/^\//, '').replace(/\?.*$/, ''));
    const page = (await json(dir, file, `the page JSON of ${route}`)) as { content: EncodedContent };
    let anchors: Set<string>;
    try {
      anchors = anchorsOf(decodeContent(page.content, placeholder));
    } catch (error) {
      throw new DiffInputError(
        `${path.join(dir, file)}: the page JSON of ${route} cannot be decoded (${(error as Error).message})`,
        'Build both sides with the same paydocs version.',
      );
    }
    pages.set(route, { title: entry.title, kind: entry.kind, anchors });
  }
  return pages;
}

/** A built dist/ folder as the diff reads it. */
export async function readBuild(dir: string): Promise<BuildSnapshot> {
  if (!existsSync(path.join(dir, MANIFEST_FILE)))
    throw new DiffInputError(
      `${dir} is no paydocs build: expected ${MANIFEST_FILE} in it`,
      'Give a folder written by "paydocs build" (dist/), or a git ref to build.',
    );
  const parsed = manifestSchema.safeParse(await json(dir, MANIFEST_FILE, 'the manifest'));
  if (!parsed.success)
    throw new DiffInputError(
      `${path.join(dir, MANIFEST_FILE)} is not a manifest this paydocs reads (${parsed.error.issues[0]?.message})`,
      'Build both sides with the same paydocs version.',
    );
  const apis = new Map<ApiId, OpenApiDocument>();
  for (const id of API_IDS)
    if (existsSync(path.join(dir, openApiPath(id))))
      apis.set(id, (await json(dir, openApiPath(id), `the OpenAPI document ${id}`)) as OpenApiDocument);
  return { pages: await readPages(dir, parsed.data.routes), apis, releases: await readReleases(dir) };
}

/** The releases the build published; a build without the file declares no change. */
async function readReleases(dir: string): Promise<Release[]> {
  if (!existsSync(path.join(dir, RELEASES_FILE))) return [];
  const parsed = releasesSchema.safeParse(await json(dir, RELEASES_FILE, 'the releases'));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new DiffInputError(
    `${path.join(dir, RELEASES_FILE)} at ${issue.path.join('.') || 'the top'}: ${issue.message}`,
    'Rebuild the folder: a build writes the releases it validated.',
  );
}
