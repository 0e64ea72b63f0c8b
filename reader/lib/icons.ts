/**
 * Icons by key `prefix:name`. Build-time icons come in the manifest; a missing one
 * may be fetched from the public icon API: GET <origin>/<prefix>.json?icons=a,b,
 * split so that no URL is longer than 500 characters, 5000 ms timeout. A failure
 * leaves a blank space. A fetched body is markup from another origin, headed for
 * innerHTML: it is sanitised first (`sanitizeIconBody`).
 */
import type { Manifest } from '../../schema/manifest.ts';
import { ICON_API } from './constants.ts';

/** One icon as the manifest carries it. */
export type IconData = Manifest['icons'][string];

export function iconRequestUrls(
  prefix: string,
  names: string[],
  origin: string = ICON_API.origin,
  maxLength: number = ICON_API.maxUrlLength,
): string[] {
  const base = `${origin}/${prefix}.json?icons=`;
  const urls: string[] = [];
  let current: string[] = [];
  for (const name of [...new Set(names)].sort()) {
    const candidate = base + [...current, name].join(',');
    if (candidate.length > maxLength && current.length) {
      urls.push(base + current.join(','));
      current = [name];
    } else current.push(name);
  }
  if (current.length) urls.push(base + current.join(','));
  return urls;
}

/**
 * Only SVG drawing survives: DOMPurify's SVG profile drops scripts, foreignObject,
 * event handlers and `javascript:` links. Loaded on demand — most sites never fetch
 * an icon — so it adds nothing to the initial script.
 */
export async function sanitizeIconBody(body: string): Promise<string> {
  const { default: DOMPurify } = await import('dompurify');
  // Parsed inside an <svg> so that <path> & co. land in the SVG namespace the profile allows.
  const fragment = DOMPurify.sanitize(`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`, {
    USE_PROFILES: { svg: true },
    RETURN_DOM_FRAGMENT: true,
  });
  const svg = fragment.firstElementChild;
  return svg?.localName === 'svg' ? svg.innerHTML : '';
}

/** `fetchImpl` and `sanitize` are the browser's by default; tests outside a browser pass their own. */
export async function fetchIcons(
  prefix: string,
  names: string[],
  fetchImpl: typeof fetch = (...a) => fetch(...a),
  sanitize: (body: string) => Promise<string> = sanitizeIconBody,
): Promise<Record<string, IconData>> {
  const out: Record<string, IconData> = {};
  await Promise.all(
    iconRequestUrls(prefix, names).map(async (url) => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), ICON_API.timeout);
      try {
        const res = await fetchImpl(url, { signal: controller.signal });
        if (!res.ok) return;
        const json = (await res.json()) as {
          icons?: Record<string, { body: string; width?: number; height?: number }>;
          width?: number;
          height?: number;
        };
        for (const [name, icon] of Object.entries(json.icons ?? {})) {
          out[`${prefix}:${name}`] = {
            body: await sanitize(String(icon.body)),
            width: Number(icon.width ?? json.width ?? 24),
            height: Number(icon.height ?? json.height ?? 24),
          };
        }
      } catch {
        /* blank space, not a broken page */
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return out;
}
