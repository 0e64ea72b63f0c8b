/**
 * A deterministic generated site of any size, made from the real content/ so it
 * passes validation and keeps the real mix of page kinds, code fences, tables and
 * links: the real site as it is, plus copies of its pages under a serial folder
 * (`/services/pix/payin` → `/services/g3/pix/payin`, `/introduction` →
 * `/introduction_g3`, `/api/v2/transaction/create` → `/api/v2/g3/transaction/create`
 * with its `api.path` to match) until the site has `count` pages, so a sidebar section
 * grows by a folder per copy, as a bigger site's does, not by hundreds of siblings.
 * In a copy, links to pages of the same copy point there, service ids and payment
 * groups get the serial (they are unique site-wide), and the copies
 * are taken a folder at a time in a seeded shuffle, so a partial copy has the mix too.
 * Same count → byte-identical files.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const REAL = path.resolve(import.meta.dirname, '../content');

interface Source {
  rel: string;
  route: string;
  text: string;
}

function walk(dir: string, rel = ''): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      const r = rel ? `${rel}/${name}` : name;
      if (statSync(full).isDirectory()) return r === 'public' || r === 'data' ? [] : walk(full, r);
      return [r];
    });
}

const routeOf = (rel: string) => {
  const r = `/${rel.replace(/\.md$/, '').replace(/(^|\/)index$/, '')}`;
  return r.length > 1 ? r.replace(/\/$/, '') : '/';
};

const standalone = new Map<string, boolean>();
/** `/services/x` from content/services/x.md: a method page with no group folder. */
function standaloneMethod(route: string): boolean {
  if (!/^\/services\/[^/]+$/.test(route)) return false;
  let known = standalone.get(route);
  if (known === undefined) {
    known = existsSync(path.join(REAL, `${route.slice(1)}.md`));
    standalone.set(route, known);
  }
  return known;
}

/** A route (or folder) of the real site, moved into copy `k`. */
export function copyRoute(route: string, k: number): string {
  const tag = `g${k}`;
  if (route === '/') return `/${tag}`;
  const api = /^\/api\/(reports\/)?(v[12])(\/.*)?$/.exec(route);
  if (api) return `/api/${api[1] ?? ''}${api[2]}/${tag}${api[3] ?? ''}`;
  const segments = route.slice(1).split('/');
  // A page at the top stays at the top; below a section, the copy gets a folder of its own —
  // as a bigger site nests its sections — rather than hundreds more siblings in one list.
  if (segments.length === 1) return `/${segments[0]}_${tag}`;
  // A method outside a group goes one folder deeper (`/services/g3/more/x`): directly in the
  // copy's folder, the folder would be taken for its payment group.
  if (standaloneMethod(route)) return `/services/${tag}/more/${segments[1]}`;
  return `/${[segments[0], tag, ...segments.slice(1)].join('/')}`;
}

/** A seeded shuffle (mulberry32), so every run generates the same site. */
function shuffled<T>(list: T[], seed: number): T[] {
  const out = [...list];
  let s = seed;
  const rand = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function copyText(src: Source, k: number, copied: Set<string>): string {
  const tag = `g${k}`;
  const link = (route: string) => (copied.has(route) ? copyRoute(route, k) : route);
  return (
    src.text
      // Links to real pages (Markdown and frontmatter), anchors kept.
      .replace(/\]\((\/[^)\s#]*)/g, (_, r: string) => `](${link(r)}`)
      .replace(/^(\s*(?:link|to|href):\s*)(\/\S*)$/gm, (_, head: string, r: string) => `${head}${link(r)}`)
      // Unique site-wide: service ids and payment groups.
      .replace(/^(\s*(?:service|group):\s*)(\S+)$/gm, (_, head: string, id: string) => `${head}${id}_${tag}`)
      // An operation's path decides its route.
      .replace(
        /^( {2}path:\s*)\/(v[12])\/(reports\/)?/m,
        (_, head: string, v: string, reports = '') => `${head}/${v}/${reports}${tag}/`,
      )
  );
}

/** Writes a site of `count` pages (at least the real one) into `root`/content; returns its page count. */
export function generateSite(root: string, count: number): number {
  const content = path.join(root, 'content');
  cpSync(REAL, content, { recursive: true });
  const files = walk(REAL);
  const pages: Source[] = files
    .filter((f) => f.endsWith('.md'))
    .map((rel) => ({ rel, route: routeOf(rel), text: readFileSync(path.join(REAL, rel), 'utf8') }));
  const categories = files.filter((f) => f.endsWith('_category.yaml'));
  // An operation whose route is an exception to the path rule (OPERATION_ROUTES) stays single. So does a
  // page that lists the whole site's API (`::changelog`: every release entry and v1 → v2 pair of every
  // operation page): a bigger site has one changelog that grows with it, not one per copy, each listing
  // every copy (37 copies of a page ~40× the real one's size at 10,000 pages: output growing as N²).
  const copyable = pages.filter(
    (p) => !/^\s*path:\s*\/v2\/invoicing\//m.test(p.text) && !/^::changelog\s*$/m.test(p.text),
  );
  // A payment group and its methods move together: a group page needs its variants.
  const units = new Map<string, Source[]>();
  for (const p of copyable) {
    const key = /^services\/[^/]+\//.test(p.rel) ? path.dirname(p.rel) : p.rel;
    units.set(key, [...(units.get(key) ?? []), p]);
  }
  let total = pages.length;
  /** Real route → the copies made of it (their serials). */
  const copiesOf = new Map<string, number[]>();
  for (let k = 1; total < count; k++) {
    const taken: Source[] = [];
    for (const unit of shuffled([...units.values()], k)) {
      if (total + unit.length > count) continue;
      taken.push(...unit);
      total += unit.length;
    }
    const copied = new Set(taken.map((p) => p.route));
    for (const route of copied) copiesOf.set(route, [...(copiesOf.get(route) ?? []), k]);
    const dirs = new Set<string>();
    for (const p of taken) {
      const route = copyRoute(p.route, k);
      const rel = `${route.slice(1)}${/(^|\/)index\.md$/.test(p.rel) ? '/index' : ''}.md`;
      dirs.add(path.dirname(rel));
      mkdirSync(path.dirname(path.join(content, rel)), { recursive: true });
      writeFileSync(path.join(content, rel), copyText(p, k, copied));
    }
    for (const c of categories) {
      const dir = copyRoute(`/${path.dirname(c)}`, k).slice(1);
      if (dirs.has(dir)) writeFileSync(path.join(content, dir, '_category.yaml'), readFileSync(path.join(REAL, c)));
    }
  }
  // Data files that list pages (`filled_by: [/route, …]`) list the copies of those pages too.
  for (const rel of readdirSync(path.join(REAL, 'data'))
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => `data/${f}`)) {
    const text = readFileSync(path.join(REAL, rel), 'utf8');
    const listed = text.replace(/^(\s*[\w-]+:\s*)\[(\/[^\]]*)\]\s*$/gm, (_, head: string, list: string) => {
      const routes = list.split(',').map((r) => r.trim());
      const withCopies = routes.flatMap((r) => [r, ...(copiesOf.get(r) ?? []).map((k) => copyRoute(r, k))]);
      return `${head}[${withCopies.join(', ')}]`;
    });
    if (listed !== text) writeFileSync(path.join(content, rel), listed);
  }
  return total;
}
