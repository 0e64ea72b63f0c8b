/**
 * The builds a test run shares (test/shared/global-setup.ts makes each once, on first demand): ask
 * for one, wait until it is built, read it. Never write into a shared build: every test file of the
 * run reads the same folders. A test that needs an edited site builds its own copy (helpers.ts).
 */
import http from 'node:http';
import { inject } from 'vitest';

export type SharedBuildKind = 'real' | 'fixture';

export interface SharedBuild {
  /** The site's folder: this repository for `real`, a copy of test/fixtures/site for `fixture`. */
  root: string;
  /** What `paydocs build` wrote. */
  dist: string;
  /** `real` only: the build's stage memo (`buildSite` with it as `cacheDir` reads the build's own values). */
  stages?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where global-setup.ts serves the shared builds. */
    sharedBuilds: string;
  }
}

/** The shared build of `kind`, once it is built; a failed build rejects with its diagnostics. */
export function sharedBuild(kind: SharedBuildKind): Promise<SharedBuild> {
  const base = inject('sharedBuilds');
  if (!base) throw new Error('No shared builds: run the tests with vitest.config.ts, whose globalSetup makes them.');
  return new Promise((resolve, reject) => {
    // No agent: nothing kept open; no timeout: a build under load takes what it takes.
    http
      .get(`${base}/${kind}`, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (text: string) => {
          body += text;
        });
        res.on('end', () => {
          try {
            const answer = JSON.parse(body) as { build?: SharedBuild; error?: string };
            if (res.statusCode === 200 && answer.build) resolve(answer.build);
            else reject(new Error(answer.error ?? body));
          } catch {
            reject(new Error(`${res.statusCode} from the shared builds: ${body}`));
          }
        });
      })
      .on('error', reject);
  });
}
