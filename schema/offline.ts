/**
 * Offline reading: what a build tells its service worker (dist/sw.js starts with it).
 * Written by the pipeline (pipeline/emit/service-worker.ts), read by the worker
 * (reader/offline/sw.ts); where the worker and the offline shell live: schema/dist-layout.ts.
 */
import { z } from 'zod';

export const offlineBuild = z
  .object({
    id: z
      .string()
      .meta({ description: "The build: the manifest's buildId. Names the cache; a new one replaces the worker." }),
    manifest: z.string().meta({
      description:
        "URL of the manifest; the worker keeps this build's copy " +
        'under `?build=<id>`, which the offline shell asks for.',
    }),
    shell: z.string().meta({ description: 'URL of the offline shell.' }),
    immutable: z
      .array(z.string())
      .meta({ description: 'Path prefixes of content-hashed files (hosting rules): answered from the cache first.' }),
    precache: z
      .array(z.string())
      .meta({ description: "Content-hashed files kept at install: the reader's assets and the whole search index." }),
    files: z
      .array(z.string())
      .meta({ description: 'Other files kept at install (the favicon): answered from the network first.' }),
    pages: z.string().meta({
      description:
        'Path prefix of page JSON: each kept once opened, under its `?v=<hash>` URL, if its bytes have that hash.',
    }),
  })
  .meta({ description: 'What dist/sw.js is told about its build.' });

export type OfflineBuild = z.output<typeof offlineBuild>;

/** Messages from the reader to its worker. */
export type OfflineRequest =
  /** Answer the build id on the given port. */
  | { type: 'build' }
  /** Take over now (skipWaiting). */
  | { type: 'activate' };
