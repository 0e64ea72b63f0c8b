/**
 * Where the changelog lives: its page and its Atom feed (inside dist/; linked from the page's
 * head). Apart from schema/releases.ts so that the reader takes them without zod.
 */
export const CHANGELOG_ROUTE = '/changelog';
export const CHANGELOG_FEED = 'changelog.xml';
export const CHANGELOG_FEED_TITLE = 'API changelog (Atom)';
