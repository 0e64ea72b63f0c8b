/** What every component may read: the manifest and the page loader. */
import { createContext, useContext } from 'react';
import type { Manifest } from '../schema/manifest.ts';
import type { PageLoader } from './lib/page-loader.ts';

export interface SiteContextValue {
  manifest: Manifest;
  loader: PageLoader;
}
export const SiteContext = createContext<SiteContextValue | null>(null);

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite() needs <SiteContext.Provider>');
  return value;
}
