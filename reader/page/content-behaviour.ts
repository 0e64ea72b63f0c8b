/**
 * The behaviour of page content rendered as HTML (content-html.ts), attached to the DOM
 * once it is on screen: internal links navigate client-side, copy buttons copy and
 * confirm, tabs switch and remember the chosen label per group (site-wide, across tab
 * groups on the page), reference tables filter their rows, and boxes that scroll
 * join the tab order while they overflow. An API operation's reference has more
 * (api-reference.ts), in a chunk loaded for such pages only. Event delegation on the
 * content root: the listeners outlive nothing but the page.
 */
import { useEffect, type RefObject } from 'react';
import { copyText } from '../lib/clipboard.ts';
import { COPY_CONFIRM_MS, STORAGE_KEYS, TEXT } from '../lib/constants.ts';
import { faceHtml } from './content-html.ts';

const TAB_EVENT = 'paydocs:tab';

const tabButtons = (tabs: Element) => [
  ...tabs.querySelectorAll<HTMLButtonElement>(':scope > .tab-list > [role="tab"]'),
];
const tabPanels = (tabs: Element) => [...tabs.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')];

function select(tabs: Element, at: number) {
  tabButtons(tabs).forEach((b, i) => {
    b.setAttribute('aria-selected', String(i === at));
    b.tabIndex = i === at ? 0 : -1;
    b.classList.toggle('tab-active', i === at);
  });
  tabPanels(tabs).forEach((p, i) => {
    p.hidden = i !== at;
  });
}

/** Applies the stored choice of `group` (every group when absent) to the tabs under `root`. */
function applyStored(root: HTMLElement, group?: string) {
  for (const tabs of root.querySelectorAll<HTMLElement>('.tabs[data-group]')) {
    const g = tabs.dataset.group!;
    if (group !== undefined && g !== group) continue;
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(STORAGE_KEYS.tabs(g));
    } catch {
      /* storage blocked */
    }
    const at = stored ? tabButtons(tabs).findIndex((b) => b.textContent === stored) : -1;
    if (at >= 0) select(tabs, at);
  }
}

function choose(tabs: HTMLElement, at: number, keepInView?: HTMLElement) {
  select(tabs, at);
  const group = tabs.dataset.group ?? 'lang';
  if (group === 'response') return; // response examples are not a preference
  const top = keepInView?.getBoundingClientRect().top;
  try {
    localStorage.setItem(STORAGE_KEYS.tabs(group), tabButtons(tabs)[at]?.textContent ?? '');
  } catch {
    /* storage blocked */
  }
  window.dispatchEvent(new CustomEvent(TAB_EVENT, { detail: group }));
  // Other tab groups above may change height: keep the clicked tab where it was.
  if (keepInView && top !== undefined)
    requestAnimationFrame(() => window.scrollBy(0, keepInView.getBoundingClientRect().top - top));
}

async function copy(button: HTMLButtonElement, timers: Map<Element, number>) {
  const text = button.closest('.code-block')?.querySelector('pre')?.textContent ?? '';
  // A refused copy confirms too: the code block's button has no failed state ("Copy page" has one).
  await copyText(text).catch(() => {});
  const status = button.nextElementSibling;
  const show = (copied: boolean) => {
    button.classList.toggle('copied', copied);
    button.setAttribute('aria-label', copied ? TEXT.copiedLabel : TEXT.copyLabel);
    button.innerHTML = faceHtml(copied);
    if (status) status.textContent = copied ? TEXT.copiedLabel : '';
  };
  show(true);
  clearTimeout(timers.get(button));
  timers.set(
    button,
    window.setTimeout(() => show(false), COPY_CONFIRM_MS),
  );
}

function filterRows(input: HTMLInputElement) {
  const figure = input.closest('figure');
  if (!figure) return;
  const q = input.value.trim().toLowerCase();
  let count = 0;
  figure.querySelectorAll<HTMLTableRowElement>('tbody tr').forEach((row) => {
    const match = !q || (row.textContent ?? '').toLowerCase().includes(q);
    row.hidden = !match;
    if (match) count++;
  });
  const box = input.parentElement!;
  let shown = box.querySelector<HTMLElement>('.table-filter-count');
  if (!q) {
    shown?.remove();
    return;
  }
  if (!shown) {
    shown = document.createElement('span');
    shown.className = 'table-filter-count';
    shown.setAttribute('aria-live', 'polite');
    box.append(shown);
  }
  shown.textContent = `${count} matching`;
}

/** Shows the changelog's releases that match both of its filters (content-html.ts `changelog`). */
function filterReleases(changelog: HTMLElement) {
  const value = (name: string) => changelog.querySelector<HTMLSelectElement>(`select[data-filter="${name}"]`)?.value;
  const api = value('api');
  const kind = value('kind');
  let shown = 0;
  const sections = changelog.querySelectorAll<HTMLElement>('section.release');
  for (const section of sections) {
    const apiOk = !api || (section.dataset.apis ?? '').split(' ').includes(api);
    const kindOk = !kind || (section.dataset.breaking === 'true') === (kind === 'breaking');
    section.hidden = !(apiOk && kindOk);
    if (!section.hidden) shown++;
  }
  const count = changelog.querySelector('.changelog-count');
  if (count) count.textContent = api || kind ? `${shown} of ${sections.length} releases` : '';
}

/**
 * Wires the content under `ref` (its HTML is `html`); `navigate` is the router's, for the links
 * `isPage` says name a page. Other links of the site (a file of content/public, a page's
 * Markdown twin, llms.txt) are the browser's to follow: the router would show them as not found.
 */
export function useContentBehaviour(
  ref: RefObject<HTMLElement>,
  html: string,
  navigate: (to: string) => void,
  isPage: (href: string) => boolean,
) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const timers = new Map<Element, number>();
    const onClick = (e: MouseEvent) => {
      const target = e.target as Element;
      const copyButton = target.closest<HTMLButtonElement>('.copy-button');
      if (copyButton) {
        void copy(copyButton, timers);
        return;
      }
      const tab = target.closest<HTMLButtonElement>('.tab-list > [role="tab"]');
      if (tab) {
        const tabs = tab.closest<HTMLElement>('.tabs')!;
        choose(tabs, tabButtons(tabs).indexOf(tab), tab);
        return;
      }
      // Internal links navigate client-side, as the router's own links do.
      const a = target.closest('a');
      const href = a?.getAttribute('href') ?? '';
      if (!a || !href.startsWith('/') || href.startsWith('//') || a.target || !isPage(href)) return;
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      navigate(href);
    };
    const onKey = (e: KeyboardEvent) => {
      const tab = (e.target as Element).closest<HTMLButtonElement>('.tab-list > [role="tab"]');
      if (!tab || (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft')) return;
      const tabs = tab.closest<HTMLElement>('.tabs')!;
      const buttons = tabButtons(tabs);
      const i = buttons.indexOf(tab);
      const next = e.key === 'ArrowRight' ? (i + 1) % buttons.length : (i - 1 + buttons.length) % buttons.length;
      e.preventDefault();
      choose(tabs, next);
      buttons[next].focus();
    };
    const onInput = (e: Event) => {
      if ((e.target as Element).matches('.table-filter input')) filterRows(e.target as HTMLInputElement);
    };
    const onChange = (e: Event) => {
      const changelog = (e.target as Element).closest<HTMLElement>('.changelog');
      if (changelog && (e.target as Element).matches('select[data-filter]')) filterReleases(changelog);
    };
    const onTabChoice = (e: Event) => applyStored(root, (e as CustomEvent<string>).detail);
    root.addEventListener('click', onClick);
    root.addEventListener('keydown', onKey);
    root.addEventListener('input', onInput);
    root.addEventListener('change', onChange);
    window.addEventListener(TAB_EVENT, onTabChoice);
    applyStored(root);
    let unwire: (() => void) | undefined;
    let gone = false;
    if (root.querySelector('.api-ref'))
      void import('./api-reference.ts').then((m) => {
        if (!gone) unwire = m.wireApiReference(root, { confirmMs: COPY_CONFIRM_MS });
      });
    // A box that scrolls (wide table, long code line, a pane's capped sample) joins the tab order while it overflows.
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver((entries) => {
            for (const { target } of entries) {
              const box = target as HTMLElement;
              if (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1) box.tabIndex = 0;
              else box.removeAttribute('tabindex');
            }
          });
    root.querySelectorAll('.table-wrap, pre').forEach((box) => observer?.observe(box));
    return () => {
      root.removeEventListener('click', onClick);
      root.removeEventListener('keydown', onKey);
      root.removeEventListener('input', onInput);
      root.removeEventListener('change', onChange);
      window.removeEventListener(TAB_EVENT, onTabChoice);
      observer?.disconnect();
      timers.forEach((t) => clearTimeout(t));
      gone = true;
      unwire?.();
    };
  }, [html]);
}
