/**
 * The reader's side of search: starts the worker on first use (focus, hover,
 * shortcut or the /search page), tracks the index state (idle → loading → done) and
 * runs queries. One client per manifest. When no worker can start (an index built
 * without one, or a browser without module workers) the same service runs here,
 * loaded lazily.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Manifest } from '../../schema/manifest.ts';
import { useSite } from '../site-context.tsx';
import type { IndexState, PageResult, SearchReply, SearchRequest, SearchScope } from '../../search/engine/protocol.ts';

export interface QueryAnswer {
  q: string;
  pages: PageResult[];
  complete: boolean;
}

export interface QueryOptions {
  channel: string;
  mode: 'suggest' | 'full';
  prefer?: string;
  scope?: SearchScope;
  limit: number;
}

export interface SearchClient {
  /** Starts loading the index; later calls re-check a dev index (cheap, idempotent otherwise). */
  start(): void;
  state(): IndexState;
  error(): string | undefined;
  subscribe(listener: () => void): () => void;
  /**
   * `onAnswer` gets the titles-only answer at once and the complete one after body shards load.
   * Returns a cancel function.
   */
  query(q: string, options: QueryOptions, onAnswer: (answer: QueryAnswer) => void): () => void;
}

interface Port {
  post(message: SearchRequest): void;
}

export function createSearchClient(manifestUrl: string, workerUrl: string | undefined): SearchClient {
  let state: IndexState = 'idle';
  let error: string | undefined;
  let port: Port | undefined;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const waiting = new Map<number, (answer: QueryAnswer) => void>();
  const sent: SearchRequest[] = [];

  const receive = (reply: SearchReply) => {
    if (reply.type === 'state') {
      state = reply.state;
      error = reply.error;
      for (const l of listeners) l();
    } else {
      waiting.get(reply.id)?.({ q: reply.q, pages: reply.pages, complete: reply.complete });
      if (reply.complete) waiting.delete(reply.id);
    }
  };

  /** Runs the service on this thread: no worker could start. */
  const inThread = (): Port => {
    const queue: SearchRequest[] = [];
    let handle: ((m: SearchRequest) => void) | undefined;
    void import('../../search/engine/service.ts').then(({ createSearchService }) => {
      const service = createSearchService(async (url, fresh) => {
        const res = await fetch(url, { cache: fresh ? 'no-cache' : 'default' });
        if (!res.ok) throw new Error(`The search index could not be loaded: ${url} answered HTTP ${res.status}.`);
        return res.json();
      }, receive);
      handle = (m) => void service.handle(m);
      for (const m of queue.splice(0)) handle(m);
    });
    return { post: (m) => (handle ? handle(m) : queue.push(m)) };
  };

  const connect = (): Port => {
    if (!workerUrl || typeof Worker === 'undefined') return inThread();
    try {
      const worker = new Worker(workerUrl, { type: 'module', name: 'paydocs-search' });
      let answered = false;
      let fallback: Port | undefined;
      worker.onmessage = (e: MessageEvent<SearchReply>) => {
        answered = true;
        receive(e.data);
      };
      // A worker that cannot load at all: replay what was sent on this thread.
      worker.onerror = () => {
        if (answered || fallback) return;
        worker.terminate();
        fallback = inThread();
        for (const m of sent) fallback.post(m);
      };
      return { post: (m) => (fallback ? fallback.post(m) : worker.postMessage(m)) };
    } catch {
      return inThread();
    }
  };

  const post = (m: SearchRequest) => {
    port ??= connect();
    if (m.type === 'init' || sent.length < 50) sent.push(m);
    port.post(m);
  };

  return {
    start() {
      if (state === 'idle') {
        state = 'loading';
        for (const l of listeners) l();
        void import('./styles.ts');
      }
      post({ type: 'init', manifest: manifestUrl });
    },
    state: () => state,
    error: () => error,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    query(q, options, onAnswer) {
      const id = nextId++;
      waiting.set(id, onAnswer);
      post({ type: 'query', id, q, ...options });
      return () => {
        waiting.delete(id);
      };
    },
  };
}

const clients = new WeakMap<Manifest, SearchClient>();

/** The search client of this site (one per manifest; nothing starts until `start()`). */
export function useSearchClient(): SearchClient {
  const { manifest } = useSite();
  return useMemo(() => {
    let client = clients.get(manifest);
    if (!client) clients.set(manifest, (client = createSearchClient(manifest.search, manifest.searchWorker)));
    return client;
  }, [manifest]);
}

/** The index state, re-rendering on change ('idle' while prerendering). */
export function useIndexState(client: SearchClient): IndexState {
  return useSyncExternalStore(client.subscribe, client.state, () => 'idle');
}

/**
 * The answer to `q`, asked as one types (the worker drops stale queries; a second answer
 * follows when body shards arrive); none for a blank query. `current` is the answer to `q`
 * itself: while the answer to the latest keystroke is on its way, `answer` is still the previous
 * one (no flicker). `key` stands for what `options` depend on: a change asks again.
 */
export function useQueryAnswer(
  client: SearchClient,
  q: string,
  options: QueryOptions,
  key: string | undefined,
): { answer?: QueryAnswer; current?: QueryAnswer } {
  const [answer, setAnswer] = useState<QueryAnswer>();
  useEffect(() => {
    if (!q.trim()) {
      setAnswer(undefined);
      return;
    }
    client.start();
    return client.query(q, options, setAnswer);
  }, [q, key, client]);
  return { answer, current: answer && answer.q === q ? answer : undefined };
}
