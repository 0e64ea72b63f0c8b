/**
 * Runs in <head>, before first paint, as a small external script (the CSP forbids
 * inline scripts): applies the stored colour mode so the page never flashes.
 * The config comes from data attributes on its own <script> tag.
 */
import { parseStored, resolveMode } from '../lib/color-mode.ts';
import { STORAGE_KEYS } from '../lib/constants.ts';

const script = document.currentScript as HTMLScriptElement | null;
const config = {
  defaultMode: (script?.dataset.defaultMode === 'dark' ? 'dark' : 'light') as 'light' | 'dark',
  respectPrefersColorScheme: script?.dataset.respectPrefersColorScheme === 'true',
  disableSwitch: false,
};
let stored = null;
try {
  stored = parseStored(localStorage.getItem(STORAGE_KEYS.colorMode));
} catch {
  /* storage blocked */
}
const systemDark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
const mode = resolveMode(config, config.disableSwitch ? null : stored, systemDark);
document.documentElement.setAttribute('data-theme', mode);
document.documentElement.setAttribute('data-theme-choice', stored ?? 'default');

// Hide a dismissed announcement bar before paint (same id as when it was dismissed).
const announcementId = script?.dataset.announcementId;
if (announcementId) {
  try {
    if (
      localStorage.getItem(STORAGE_KEYS.announcementId) === announcementId &&
      localStorage.getItem(STORAGE_KEYS.announcement) === 'true'
    ) {
      document.documentElement.setAttribute('data-announcement-dismissed', 'true');
    }
  } catch {
    /* storage blocked */
  }
}
