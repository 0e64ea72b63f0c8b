/**
 * A query's evidence, gathered per doc and slot (a term looked up) from the posting lists
 * of the words each slot matched, in rounds: exact, stem and prefix matches, then — when
 * they are not enough — typo matches. query.ts ranks from it.
 */
import { decodePostings, FIELD } from '../format/codec.ts';
import { matchWord, partOf, Tier, type TermMatch, type Vocabulary } from './vocabulary.ts';
import type { Plan, PlanWord } from './plan.ts';
import { wordsShardOf, type PartRef, type SearchIndex } from './shards.ts';
import type { QueryOptions } from './query.ts';

/** A keyword phrase no longer than the query (`exactKeyword`) names what the page is about: it counts nearly as a heading. */
const fieldWeight = (bits: number, isPage: boolean, exactKeyword: boolean) =>
  Math.max(
    bits & FIELD.title ? (isPage ? 10 : 8) : 0,
    bits & FIELD.defined ? 9 : 0,
    bits & FIELD.keywords ? (exactKeyword ? 7 : 6) : 0,
    bits & FIELD.tagline ? 4 : 0,
    bits & FIELD.description ? 4 : 0,
    bits & FIELD.prose ? 3 : 0,
    bits & FIELD.code ? 1.5 : 0,
  );

/** A table's arrays, handed from one query to the next: the doc-id → row map (cleared) and the per-row arrays. */
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
  /** Gives the arrays back, the doc-id map cleared, for the next query (a table dropped midway leaves them to the collector). */
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

export const isPage = (index: SearchIndex, id: number) => index.pageFirst[index.pageOf[id]] === id;

/** One slot's matches in one round: its words shard's vocabulary and the words it matched there. */
export interface SlotMatches {
  n: number;
  vocab: Vocabulary;
  terms: TermMatch[];
}

/**
 * A round's matches per slot (undefined: none this round): the exact, stem and prefix
 * ones, or (the second round) the typo ones. Needs the words shards (`wordsNeeded`).
 */
export function matchSlots(index: SearchIndex, p: Plan, pass: 'exact' | 'typos'): (SlotMatches | undefined)[] {
  return p.slots.map((slot) => {
    if (pass === 'typos' && !slot.fuzzy) return undefined;
    const n = wordsShardOf(index, slot.text);
    const vocab = index.words.get(n);
    if (!vocab) return undefined;
    const options = pass === 'exact' ? { fuzzy: false } : { exact: false, fuzzy: true, prefix: slot.prefix };
    return { n, vocab, terms: [...matchWord(vocab, slot.text, slot.stem, options).values()] };
  });
}

/** Adds a round's matches to the table: per doc and slot, the fewest typos, the best score, the marks. Needs their parts (`partsOf`). */
export function accumulate(
  index: SearchIndex,
  p: Plan,
  table: Table,
  inScope: (id: number) => boolean,
  round: (SlotMatches | undefined)[],
) {
  const subjectWords = p.words.reduce((n, w) => n + (w.weak ? 0 : w.size), 0);
  round.forEach((slotMatches, s) => {
    if (!slotMatches) return;
    const { vocab, terms } = slotMatches;
    for (const m of terms) {
      const mark = table.markId(m.mark);
      decodePostings(vocab.post[m.term] ?? '', (id, bits, titleWords, keywordWords) => {
        if (id >= index.pageOf.length || !inScope(id)) return;
        const score = m.weight * fieldWeight(bits, isPage(index, id), keywordWords > 0 && keywordWords <= subjectWords);
        const row = table.row(id);
        if (titleWords) table.titleWords[row / table.width] = titleWords;
        const at = row + s;
        const titled = bits & (FIELD.title | FIELD.defined) ? 1 : 0;
        // Fewest typos first; the marks are those of the matches with that many typos.
        if (m.typos < table.typos[at]) {
          table.typos[at] = m.typos;
          table.score[at] = score;
          table.titled[at] = titled;
          table.mark[at] = mark;
          table.moreMarks.delete(at);
          return;
        }
        if (m.typos > table.typos[at]) return;
        if (score > table.score[at]) {
          table.score[at] = score;
          table.titled[at] = titled;
        }
        if (table.mark[at] === mark) return;
        const more = table.moreMarks.get(at);
        if (more?.includes(mark) || (m.tier === Tier.Fuzzy && 1 + (more?.length ?? 0) >= 3)) return;
        if (more) more.push(mark);
        else table.moreMarks.set(at, [mark]);
      });
    }
  });
}

/** The postings parts a round's matches need, once each. */
export function partsOf(round: (SlotMatches | undefined)[]): PartRef[] {
  const seen = new Map<string, PartRef>();
  for (const slotMatches of round) {
    if (!slotMatches) continue;
    const { n, vocab, terms } = slotMatches;
    for (const m of terms) {
      const k = partOf(vocab, m.term);
      seen.set(`${n}:${k}`, { n, k });
    }
  }
  return [...seen.values()];
}

/** How a word matched a doc: through one of its ways (plan.ts), all of the way's slots. */
export interface WordMatch {
  typos: number;
  score: number;
  slots: number[];
}

/**
 * The word's best way for this doc — fewest typos, then the highest score (the first such
 * way on a tie) — written at `out` in `typos`, `score` and `way` (typos Infinity: no way
 * matches). Writes into arrays: it runs per doc and word.
 */
export function matchInto(
  table: Table,
  at: number,
  w: PlanWord,
  out: number,
  typos: Float64Array,
  score: Float64Array,
  way: Uint8Array,
): void {
  typos[out] = Infinity;
  score[out] = 0;
  for (let k = 0; k < w.ways.length; k++) {
    const { slots, factor, typos: extra } = w.ways[k];
    let t = 0,
      sc = Infinity;
    for (const s of slots) {
      const st = table.typos[at + s];
      if (st === Infinity) {
        sc = -1;
        break;
      }
      if (st > t) t = st;
      if (table.score[at + s] < sc) sc = table.score[at + s];
    }
    if (sc < 0) continue;
    t += extra;
    sc *= factor;
    if (t < typos[out] || (t === typos[out] && sc > score[out])) {
      typos[out] = t;
      score[out] = sc;
      way[out] = k;
    }
  }
}

/** Whether all of a way's slots matched in the doc's title. */
export function inTitle(table: Table, at: number, slots: number[]): boolean {
  for (const s of slots) if (table.titled[at + s] !== 1) return false;
  return true;
}

const one = { typos: new Float64Array(1), score: new Float64Array(1), way: new Uint8Array(1) };

/** The word's best way for this doc, as an object (for the few docs that are returned). */
export function wordMatch(table: Table, at: number, w: PlanWord): WordMatch | undefined {
  matchInto(table, at, w, 0, one.typos, one.score, one.way);
  return one.typos[0] === Infinity
    ? undefined
    : { typos: one.typos[0], score: one.score[0], slots: w.ways[one.way[0]].slots };
}

export function marksOf(table: Table, at: number, p: Plan): string[] {
  const marks = new Set<string>();
  for (const w of p.words)
    for (const s of wordMatch(table, at, w)?.slots ?? []) for (const m of table.marksAt(at + s)) marks.add(m);
  return [...marks].slice(0, 12);
}

export function enoughWithoutTypos(index: SearchIndex, table: Table, p: Plan, options: QueryOptions): boolean {
  const pages = new Set<number>();
  for (let r = 0; r < table.size && pages.size < options.limit; r++) {
    const page = index.pageOf[table.ids[r]];
    if (options.prefer !== undefined && index.pageContext[page] !== options.prefer) continue;
    let all = true;
    for (const w of p.words) {
      if (w.weak) continue;
      matchInto(table, r * table.width, w, 0, one.typos, one.score, one.way);
      if (one.typos[0] !== 0) {
        all = false;
        break;
      }
    }
    if (all) pages.add(page);
  }
  return pages.size >= options.limit;
}
