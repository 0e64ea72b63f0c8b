/**
 * A query's evidence, per doc (a row) and slot (a term looked up): flat typed arrays that pass
 * from query to query. gather.ts fills it from the posting lists, round by round; word-match.ts
 * reads a word's best match off it; rank.ts ranks the pages from it.
 */
import type { SearchIndex } from './shards.ts';

/**
 * A table's arrays, handed from one query to the next: the doc-id → row map (cleared) and the
 * per-row arrays.
 */
interface Buffers {
  rowOf: Int32Array;
  ids: Int32Array;
  titleWords: Uint8Array;
  typos: Float64Array;
  score: Float64Array;
  titled: Uint8Array;
  mark: Int32Array;
}

/** Free buffers per index (the doc-id map is as long as the index has docs). */
const free = new WeakMap<SearchIndex, Buffers[]>();

/**
 * Per doc (a row) and slot: the fewest typos seen, the best score with that many, and
 * the words to mark. Flat typed arrays that grow by doubling and pass from query to
 * query (`release`): a common word touches thousands of docs per query, and a query
 * should not allocate per doc. A new row's entries are set when the row is made.
 */
export class Table {
  /** Row of each doc id (-1: none yet). */
  rowOf: Int32Array;
  /** Rows so far; the doc id of each row. */
  size = 0;
  ids: Int32Array;
  /** Per row and slot (`row * width + slot`); typos Infinity: no match yet. */
  typos: Float64Array;
  score: Float64Array;
  /** 1 when the slot's best match is in the doc's title (or a term it defines). */
  titled: Uint8Array;
  /**
   * The words to mark, per row and slot: the first as an id (`markNames`; -1: none), any
   * others in `moreMarks` — one array per doc only where a doc has two marks for a slot.
   */
  mark: Int32Array;
  moreMarks = new Map<number, number[]>();
  markNames: string[] = [];
  private markIds = new Map<string, number>();
  /** Per row: the doc title's length in content words (0: unknown). */
  titleWords: Uint8Array;
  /** Rows the arrays hold. */
  private capacity: number;
  constructor(
    readonly index: SearchIndex,
    readonly width: number,
  ) {
    const rows = 64;
    const b = free.get(index)?.pop() ?? {
      rowOf: new Int32Array(index.pageOf.length).fill(-1),
      ids: new Int32Array(rows),
      titleWords: new Uint8Array(rows),
      typos: new Float64Array(rows * width),
      score: new Float64Array(rows * width),
      titled: new Uint8Array(rows * width),
      mark: new Int32Array(rows * width),
    };
    ({
      rowOf: this.rowOf,
      ids: this.ids,
      titleWords: this.titleWords,
      typos: this.typos,
      score: this.score,
      titled: this.titled,
      mark: this.mark,
    } = b);
    this.capacity = Math.min(this.ids.length, Math.floor(this.typos.length / width));
  }
  markId(name: string): number {
    let id = this.markIds.get(name);
    if (id === undefined) {
      id = this.markNames.push(name) - 1;
      this.markIds.set(name, id);
    }
    return id;
  }
  /** The marks of a row's slot, first first. */
  marksAt(at: number): string[] {
    if (this.mark[at] < 0) return [];
    return [this.mark[at], ...(this.moreMarks.get(at) ?? [])].map((id) => this.markNames[id]);
  }
  row(id: number): number {
    let r = this.rowOf[id];
    if (r === -1) {
      if (this.size === this.capacity) this.grow();
      r = this.rowOf[id] = this.size++;
      this.ids[r] = id;
      this.titleWords[r] = 0;
      for (let at = r * this.width, end = at + this.width; at < end; at++) {
        this.typos[at] = Infinity;
        this.score[at] = 0;
        this.titled[at] = 0;
        this.mark[at] = -1;
      }
    }
    return r * this.width;
  }
  private grow() {
    // At least 64: a table of a query without words (width 0) hands on arrays that hold no row.
    const rows = Math.max(64, this.capacity * 2),
      used = this.size * this.width;
    const more = <T extends Float64Array | Uint8Array | Int32Array>(old: T, a: T, length: number) => {
      a.set(old.subarray(0, length));
      return a;
    };
    this.typos = more(this.typos, new Float64Array(rows * this.width), used);
    this.score = more(this.score, new Float64Array(rows * this.width), used);
    this.titled = more(this.titled, new Uint8Array(rows * this.width), used);
    this.mark = more(this.mark, new Int32Array(rows * this.width), used);
    this.titleWords = more(this.titleWords, new Uint8Array(rows), this.size);
    this.ids = more(this.ids, new Int32Array(rows), this.size);
    this.capacity = rows;
  }
  /**
   * Gives the arrays back, the doc-id map cleared, for the next query (a table dropped midway
   * leaves them to the collector).
   */
  release() {
    for (let r = 0; r < this.size; r++) this.rowOf[this.ids[r]] = -1;
    const list = free.get(this.index) ?? [];
    if (list.length < 2)
      list.push({
        rowOf: this.rowOf,
        ids: this.ids,
        titleWords: this.titleWords,
        typos: this.typos,
        score: this.score,
        titled: this.titled,
        mark: this.mark,
      });
    free.set(this.index, list);
  }
}

/** Whether a doc is its page's own (not a heading on it). */
export const isPage = (index: SearchIndex, id: number) => index.pageFirst[index.pageOf[id]] === id;
