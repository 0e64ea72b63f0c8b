/**
 * Files from disk, safely, for both servers. Paths are resolved per request (a
 * rebuilt dist is swapped in by rename: nothing about it is remembered), links that
 * lead outside their boundary are refused, and a file is opened once and served from
 * that handle — its size and bytes stay consistent even if dist is swapped meanwhile.
 * A Range header is validated (416 when unsatisfiable) and a read error ends only its
 * own response.
 */
import type http from 'node:http';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import Negotiator from 'negotiator';
import parseRange from 'range-parser';
import { compressible, contentType, TWIN_ENCODINGS } from './hosting.ts';
import { isWithin } from '../paths.ts';

/**
 * `rel` (a decoded URL path) as a file under `base`, or undefined: for `..`, dotfiles
 * (but `.well-known`), NUL bytes, and anything whose real path (links followed) leaves
 * `boundary`. Returns the real path, so the file opened is the one checked.
 */
export async function resolveInside(base: string, rel: string, boundary = base): Promise<string | undefined> {
  if (rel.includes('\0')) return undefined;
  const segments = rel.split(/[/\\]+/).filter(Boolean);
  if (segments.some((s) => s.startsWith('.') && s !== '.well-known')) return undefined;
  try {
    const [real, limit] = await Promise.all([realpath(path.join(base, ...segments)), realpath(boundary)]);
    return isWithin(real, limit) ? real : undefined;
  } catch {
    return undefined;
  }
}

/** A URL path decoded, or undefined when its percent-encoding is malformed. */
export function decodePath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

async function openFile(file: string): Promise<{ handle: FileHandle; size: number; mtimeMs: number } | undefined> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    const info = await handle.stat();
    if (info.isFile()) return { handle, size: info.size, mtimeMs: info.mtimeMs };
  } catch {
    /* missing or unreadable: not there */
  }
  await handle?.close().catch(() => {});
  return undefined;
}

export interface SendOptions {
  /** 200, or 404 for the not-found page (which is never a 304 nor a range). */
  status?: number;
  cacheControl: string;
}

/**
 * Serves `file` (a real path from resolveInside), or its `.br` / `.gz` twin to a
 * client that accepts it. Returns false, having sent nothing, when the file is not there.
 */
export async function sendFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  file: string,
  options: SendOptions,
): Promise<boolean> {
  const status = options.status ?? 200;
  const ranged = status === 200 && req.headers.range !== undefined;
  const twin = compressible(file);
  let opened: Awaited<ReturnType<typeof openFile>>;
  let encoding: string | undefined;
  // A range is of the identity bytes: twins only for whole responses.
  if (twin && !ranged) {
    const names = TWIN_ENCODINGS.map((t) => t.encoding);
    // negotiator ≥ 1 breaks ties between equal q-values by `preferred` (ours: br first); @types/negotiator predates it.
    const negotiator = new Negotiator(req) as Negotiator & {
      encodings(available: string[], options: { preferred: string[] }): string[];
    };
    for (const name of negotiator.encodings(names, { preferred: names })) {
      const t = TWIN_ENCODINGS.find((e) => e.encoding === name)!;
      if ((opened = await openFile(file + t.suffix))) {
        encoding = t.encoding;
        break;
      }
    }
  }
  opened ??= await openFile(file);
  if (!opened) return false;
  const { handle, size, mtimeMs } = opened;
  try {
    res.statusCode = status;
    res.setHeader('Content-Type', contentType(file));
    res.setHeader('Cache-Control', options.cacheControl);
    if (twin) res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    if (status === 200) {
      const etag = `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
      res.setHeader('ETag', etag);
      res.setHeader('Last-Modified', new Date(mtimeMs).toUTCString());
      if (!encoding) res.setHeader('Accept-Ranges', 'bytes');
      const match = req.headers['if-none-match'];
      if (match && (match === '*' || match.split(',').some((t) => t.trim() === etag))) {
        res.statusCode = 304;
        res.end();
        return true;
      }
    }
    let start = 0;
    let end = size - 1;
    if (ranged) {
      const ranges = parseRange(size, String(req.headers.range), { combine: true });
      if (ranges === -1) {
        res.statusCode = 416;
        res.setHeader('Content-Range', `bytes */${size}`);
        res.removeHeader('Content-Type');
        res.end();
        return true;
      }
      // Malformed (-2) or several ranges: the whole file, as RFC 9110 allows.
      if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
        ({ start, end } = ranges[0]);
        res.statusCode = 206;
        res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
      }
    }
    res.setHeader('Content-Length', Math.max(0, end - start + 1));
    if (req.method === 'HEAD' || size === 0) {
      res.end();
      return true;
    }
    await new Promise<void>((resolve) => {
      const stream = handle.createReadStream({ start, end, autoClose: false });
      stream.on('error', () => {
        // A read error ends this response only: a 500 if nothing was sent yet.
        if (res.headersSent) res.destroy();
        else {
          for (const h of ['Content-Length', 'Content-Encoding', 'Content-Range', 'ETag', 'Last-Modified'])
            res.removeHeader(h);
          res
            .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
            .end('Internal error');
        }
        resolve();
      });
      res.on('close', () => {
        stream.destroy();
        resolve();
      });
      stream.pipe(res);
    });
    return true;
  } finally {
    await handle.close().catch(() => {});
  }
}
