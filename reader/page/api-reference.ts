/**
 * The behaviour of an API operation's reference (pipeline/kinds/api-operation/), in a chunk
 * of its own that content-behaviour.ts loads for pages that have one: the field filter, the
 * copy-link anchor of every field, child lists opened for the field an address names (and for
 * printing), and the response pane following what is read — the success response while the
 * response fields are read, an error response at the errors (two panes only, from 1200 px).
 * Attached to the DOM the prerenderer wrote; changes nothing there until the reader acts.
 * It imports nothing of the reader's: a module shared with the app would leave the app's
 * bundle for a chunk of its own, one more request before every page is interactive.
 */

/** Where the two panes begin (api.css). */
const TWO_PANES = '(min-width: 1200px)';
/** The reading line, as a share of the window's height from its top. */
const READING_LINE = 0.4;

const fieldsOf = (list: Element) => [...list.querySelectorAll<HTMLLIElement>('li.api-field')];
const directChild = (el: Element, cls: string) =>
  [...el.children].find((c) => c.classList.contains(cls)) as HTMLElement | undefined;

// ── Child lists ────────────────────────────────────────────────────────────────────────────

/** Opens every closed child list around `el`; true when one was closed. */
function openAround(el: Element, mark?: string): boolean {
  let opened = false;
  for (let d = el.parentElement?.closest('details'); d; d = d.parentElement?.closest('details')) {
    if (d.open) continue;
    d.open = true;
    if (mark) d.setAttribute(mark, '');
    opened = true;
  }
  return opened;
}

/** Shows the field the address names, opening its parents' child lists first. */
function revealHash() {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (target && openAround(target)) target.scrollIntoView();
}

// ── Filter ─────────────────────────────────────────────────────────────────────────────────

/** A field's own words: its head and body, not its members'. */
function ownText(li: HTMLLIElement, cache: Map<Element, string>): string {
  let t = cache.get(li);
  if (t === undefined) {
    const head = directChild(li, 'api-field-head')?.textContent ?? '';
    const body = directChild(li, 'api-field-body')?.textContent ?? '';
    t = `${head} ${body}`.toLowerCase();
    cache.set(li, t);
  }
  return t;
}

const FILTER_OPENED = 'data-filter-opened';

/** Narrows the list after `input` to the fields that match, with their parents; counts them. */
function filterFields(input: HTMLInputElement, cache: Map<Element, string>) {
  const list = input.closest('.api-filter')?.nextElementSibling;
  const count = input.parentElement?.querySelector('.api-filter-count');
  if (!list) return;
  const q = input.value.trim().toLowerCase();
  const fields = fieldsOf(list);
  for (const d of list.querySelectorAll(`details[${FILTER_OPENED}]`)) {
    (d as HTMLDetailsElement).open = false;
    d.removeAttribute(FILTER_OPENED);
  }
  let matching = 0;
  for (const li of fields) li.hidden = Boolean(q);
  if (q)
    for (const li of fields) {
      if (!ownText(li, cache).includes(q)) continue;
      matching++;
      // The field, its members (context), and its parents, opened down to it.
      li.hidden = false;
      li.querySelectorAll<HTMLLIElement>('li.api-field').forEach((m) => (m.hidden = false));
      for (let p = li.parentElement?.closest<HTMLLIElement>('li.api-field'); p; ) {
        p.hidden = false;
        p = p.parentElement?.closest<HTMLLIElement>('li.api-field');
      }
      openAround(li, FILTER_OPENED);
    }
  if (count) count.textContent = q ? `${matching} of ${fields.length} fields` : '';
}

// ── Copy link ──────────────────────────────────────────────────────────────────────────────

async function writeClipboard(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.className = 'visually-hidden';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/** Copies the field's address, shows it in the address bar, and says so (to eyes and to screen readers). */
async function copyLink(anchor: HTMLAnchorElement, root: HTMLElement, timers: Map<Element, number>, confirmMs: number) {
  const hash = anchor.getAttribute('href') ?? '';
  await writeClipboard(`${location.origin}${location.pathname}${hash}`);
  history.replaceState(history.state, '', hash);
  let status = root.querySelector<HTMLElement>('.api-link-status');
  if (!status) {
    status = document.createElement('span');
    status.className = 'api-link-status visually-hidden';
    status.setAttribute('role', 'status');
    root.append(status);
  }
  status.textContent = `Link copied: ${anchor.getAttribute('aria-label')?.replace(/^Copy link to /, '')}`;
  anchor.classList.add('copied');
  clearTimeout(timers.get(anchor));
  timers.set(
    anchor,
    window.setTimeout(() => anchor.classList.remove('copied'), confirmMs),
  );
}

// ── The response pane follows the reading ──────────────────────────────────────────────────

type Outcome = 'success' | 'error';

/**
 * Selects the first response tab of `outcome` (a requires-action response stands in for success
 * when there is none), as a click on it would: content-behaviour.ts switches the tabs.
 */
function showOutcome(tabs: HTMLElement, outcome: Outcome) {
  const panels = [...tabs.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')];
  const kinds = panels.map((p) => p.querySelector<HTMLElement>('.tab-panel')?.dataset.outcome);
  let at = kinds.indexOf(outcome);
  if (at < 0 && outcome === 'success') at = kinds.indexOf('action');
  const tab = tabs.querySelectorAll<HTMLElement>(':scope > .tab-list > [role="tab"]')[at];
  if (!tab || !panels[at].hidden) return;
  tab.click();
  // The tab list scrolls sideways: the tab now shown comes into its view (the page does not move).
  const list = tab.parentElement!;
  list.scrollLeft = tab.offsetLeft - list.offsetLeft - 8;
}

/** A scroll listener that shows, in the response pane, the outcome the reading line has reached. */
function followReading(root: HTMLElement): (() => void) | undefined {
  const part = root.querySelector<HTMLElement>('.api-ref-response');
  const tabs = part?.querySelector<HTMLElement>('.api-pane .tabs');
  const headings = [...(part?.querySelectorAll<HTMLElement>('.api-ref-main > h2') ?? [])];
  const errors = headings.find((h) => h.nextElementSibling?.querySelector('.api-errors'));
  if (!tabs || !headings.length) return undefined;
  const wide = matchMedia(TWO_PANES);
  let shown: Outcome | undefined;
  let frame = 0;
  const update = () => {
    frame = 0;
    if (!wide.matches) return;
    const line = innerHeight * READING_LINE;
    const now: Outcome | undefined =
      errors && errors.getBoundingClientRect().top < line
        ? 'error'
        : headings[0].getBoundingClientRect().top < line
          ? 'success'
          : undefined;
    if (now && now !== shown) showOutcome(tabs, now);
    shown = now;
  };
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  addEventListener('scroll', onScroll, { passive: true });
  return () => {
    removeEventListener('scroll', onScroll);
    cancelAnimationFrame(frame);
  };
}

/** Wires the reference under `root` (`confirmMs`: how long a copied link says so); returns what unwires it. */
export function wireApiReference(root: HTMLElement, { confirmMs }: { confirmMs: number }): () => void {
  const texts = new Map<Element, string>();
  const timers = new Map<Element, number>();
  const onInput = (e: Event) => {
    const input = e.target as HTMLInputElement;
    if (input.matches('.api-filter input')) filterFields(input, texts);
  };
  const onKey = (e: KeyboardEvent) => {
    const input = e.target as HTMLInputElement;
    if (e.key !== 'Escape' || !input.matches('.api-filter input') || !input.value) return;
    input.value = '';
    filterFields(input, texts);
  };
  const onClick = (e: MouseEvent) => {
    const anchor = (e.target as Element).closest<HTMLAnchorElement>('a.api-field-anchor');
    if (!anchor || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    void copyLink(anchor, root, timers, confirmMs);
  };
  // Paper shows every member: child lists open for printing and close again after.
  const PRINT_OPENED = 'data-print-opened';
  const beforePrint = () => root.querySelectorAll('li.api-field').forEach((li) => openAround(li, PRINT_OPENED));
  const afterPrint = () =>
    root.querySelectorAll<HTMLDetailsElement>(`details[${PRINT_OPENED}]`).forEach((d) => {
      d.open = false;
      d.removeAttribute(PRINT_OPENED);
    });
  root.addEventListener('input', onInput);
  root.addEventListener('keydown', onKey);
  root.addEventListener('click', onClick);
  addEventListener('hashchange', revealHash);
  addEventListener('beforeprint', beforePrint);
  addEventListener('afterprint', afterPrint);
  const unfollow = followReading(root);
  revealHash();
  return () => {
    root.removeEventListener('input', onInput);
    root.removeEventListener('keydown', onKey);
    root.removeEventListener('click', onClick);
    removeEventListener('hashchange', revealHash);
    removeEventListener('beforeprint', beforePrint);
    removeEventListener('afterprint', afterPrint);
    unfollow?.();
    timers.forEach((t) => clearTimeout(t));
  };
}
