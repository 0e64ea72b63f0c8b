/**
 * The real site (this repository's content/) as `paydocs build` wrote it, for the MCP tests that
 * need its pages: the run's shared build (test/shared/), to read only.
 */
import { sharedBuild } from '../shared/builds.ts';

export async function builtRealSite(): Promise<{ dist: string; cleanup: () => Promise<void> }> {
  const { dist } = await sharedBuild('real');
  return { dist, cleanup: async () => {} };
}
