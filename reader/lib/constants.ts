/**
 * The spec's business constants (§9) that only the reader uses. Tests import these too.
 * Those the pipeline shares are in schema/site-constants.ts and schema/page-head.ts (the
 * 404 page's title among them). No imports: the no-flash theme script bundles this file.
 */
export const SEARCH_SUGGESTIONS = 8;
export const SEARCH_PAGE_RESULTS = 50;
export const SEARCH_FUZZY_DISTANCE = 2;

export const DESKTOP_BREAKPOINT = 996;

export const PROGRESS_BAR = { minimum: 0.08, speed: 200, trickleSpeed: 800, delay: 200 } as const;
export const SPINNER_DELAY = 200;

export const ICON_API = { timeout: 5000, maxUrlLength: 500, origin: 'https://api.iconify.design' } as const;

export const COLLAPSE_ANIMATION = { reducedMotionMs: 1 } as const;
/** Docusaurus-style duration: ~4 ms for small panels up to ~19 ms for tall ones (capped). */
export function collapseDuration(height: number, reducedMotion: boolean): number {
  if (reducedMotion) return COLLAPSE_ANIMATION.reducedMotionMs;
  const constant = height / 36;
  return Math.min(19, Math.max(4, Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10) / 10 / 2));
}

export const HASH_SCROLL_MAX_FRAMES = 20;

export const STORAGE_KEYS = {
  colorMode: 'theme',
  tabs: (group: string) => `docusaurus.tab.${group}`,
  announcement: 'docusaurus.announcement.dismiss',
  announcementId: 'docusaurus.announcement.id',
} as const;

export const TEXT = {
  noResults: 'No results',
  seeAll: 'See all results',
  seeAllWithin: (ctx: string) => `See all results within "${ctx}"`,
  seeAllOutside: (ctx: string) => `See all results outside "${ctx}"`,
  crashTitle: 'Page Error',
  crashHeading: 'This page crashed.',
  tryAgain: 'Try again',
  retry: 'Retry',
  backToMainMenu: 'Back to main menu',
  skipToContent: 'Skip to main content',
  navbarConfigError: 'Navbar configuration error.',
  loadFailedHeading: 'This page could not be loaded',
  offlineHeading: 'You are offline',
  offlineText:
    'This page has not been saved for reading offline: pages you ' +
    'have opened are. It loads as soon as you are back online.',
  loading: 'Loading…',
  copy: 'Copy',
  copied: 'Copied',
  copyLabel: 'Copy code to clipboard',
  copiedLabel: 'Copied to the clipboard',
  closeAnnouncement: 'Close',
  lastUpdated: 'Last updated on',
  previous: 'Previous',
  next: 'Next',
  onThisPage: 'On this page',
} as const;

/** How long the copy button says "Copied" before it resets. */
export const COPY_CONFIRM_MS = 2000;
