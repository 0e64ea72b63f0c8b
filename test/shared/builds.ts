/**
 * What a test run shares (test/shared/global-setup.ts makes each once, on first demand): the builds of
 * the real site and of the fixture site, and one Chromium. Ask, wait until it is ready, read it. Never
 * write into a shared build: every test file of the run reads the same folders. A test that needs an
 * edited site builds its own copy (helpers.ts fixtureCopy).
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
    /** Where global-setup.ts serves what the test files share. */
    sharedBuilds: string;
  }
}

/** The answer of the shared server at `what`, once it is ready; a failure rejects with its message. */
function ask<T>(what: string): Promise<T> {
  const base = inject('sharedBuilds');
  if (!base) throw new Error('Nothing shared: run the tests with vitest.config.ts, whose globalSetup shares it.');
  return new Promise((resolve, reject) => {
    // No agent: nothing kept open; no timeout: a build under load takes what it takes.
    http
      .get(`${base}/${what}`, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (text: string) => {
          body += text;
        });
        res.on('end', () => {
          let answer: { error?: string };
          try {
            answer = JSON.parse(body);
          } catch {
            reject(new Error(`${res.statusCode} from the shared server at /${what}: ${body}`));
            return;
          }
          if (res.statusCode === 200) resolve(answer as T);
          else reject(new Error(answer.error ?? body));
        });
      })
      .on('error', reject);
  });
}

/** The shared build of `kind`, once it is built; a failed build rejects with its diagnostics. */
export const sharedBuild = async (kind: SharedBuildKind): Promise<SharedBuild> =>
  (await ask<{ build: SharedBuild }>(kind)).build;

/** The WebSocket address of the run's Chromium, for playwright-core's `chromium.connect`. */
export const sharedChromium = async (): Promise<string> => (await ask<{ wsEndpoint: string }>('chromium')).wsEndpoint;
