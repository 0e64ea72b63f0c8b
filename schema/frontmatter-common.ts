/**
 * Fields every page shares, whatever its kind. They become the page metadata
 * (title, description, keywords meta tags), the sidebar entry and search keywords.
 */
import { z } from 'zod';
import { isoDate, sitePath } from './primitives.ts';
import { plainText } from './text.ts';

export const commonFields = {
  /** Page title: the h1, the tab title (`Title | Site`) and the sidebar label by default. */
  title: plainText(1, 120),
  /** One or two sentences for the description meta tag and search results. */
  description: plainText(20, 320),
  /** Search keywords and the keywords meta tag. */
  keywords: z.array(plainText()).min(1),
  /** Shorter label for the sidebar, when the title is long. */
  sidebar_label: plainText().optional(),
  /** Position inside its sidebar category (lower first); pages without one sort by title. */
  sidebar_position: z.number().optional(),
  /** Free tags, emitted as `docsearch:tag`-style meta tags. */
  tags: z.array(z.string()).default([]),
  /** Social-sharing image path, overriding the site's default. */
  image: sitePath.optional(),
  /** Hide the table of contents on this page. */
  hide_toc: z.boolean().default(false),
  /** Last-updated date; when absent the file's git date is used. */
  last_updated: isoDate.optional(),
};
