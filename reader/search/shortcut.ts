/**
 * The search keyboard shortcut of the site config (`search.shortcut`, e.g. `mod+k`
 * or `/`; null disables it, as on this site) and its keyboard hint.
 */

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Whether a key event is the shortcut: `mod` is Ctrl, or ⌘ on Apple platforms. */
export function matchesShortcut(e: KeyLike, shortcut: string | null | undefined, apple = false): boolean {
  if (!shortcut) return false;
  const parts = shortcut
    .toLowerCase()
    .split('+')
    .map((p) => p.trim());
  const key = parts.pop() ?? '';
  const want = new Set(parts.map((p) => (p === 'mod' ? (apple ? 'meta' : 'ctrl') : p === 'cmd' ? 'meta' : p)));
  return (
    e.key.toLowerCase() === key &&
    e.ctrlKey === want.has('ctrl') &&
    e.metaKey === want.has('meta') &&
    e.altKey === want.has('alt') &&
    (e.shiftKey === want.has('shift') || (key.length === 1 && !/[a-z0-9]/.test(key)))
  );
}

/** The hint shown in the box: `Ctrl K`, `⌘ K`, `/`. */
export function shortcutHint(shortcut: string, apple = false): string {
  return shortcut
    .split('+')
    .map((p) => {
      const k = p.trim().toLowerCase();
      if (k === 'mod') return apple ? '⌘' : 'Ctrl';
      if (k === 'cmd' || k === 'meta') return '⌘';
      if (k === 'ctrl') return 'Ctrl';
      if (k === 'alt') return apple ? '⌥' : 'Alt';
      if (k === 'shift') return '⇧';
      return k.length === 1 ? k.toUpperCase() : k;
    })
    .join(' ');
}

export const isApple = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
