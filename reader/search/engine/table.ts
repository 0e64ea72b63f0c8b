/**
 * A query's evidence, gathered per doc and slot (a term looked up) from the posting lists
 * of the words each slot matched, in rounds: exact, stem and prefix matches, then — when
 * they are not enough — typo matches. query.ts ranks from it.
 */
import { decodePostings, FIELD } from '../../../schema/search-codec.ts';
import { matchWord, partOf, Tier, type TermMatch, type Vocabulary } from './vocabulary.ts';
import type { Plan, PlanWord } from './plan.ts';
import { wordsShardOf, type PartRef, type SearchIndex } from './shards.ts';
import type { QueryOptions } from './query.ts';

/** A keyword phrase no longer than the query (`exactKeyword`) names what the page is about: it counts nearly as a heading. */
const fieldWeight = (bits: number, isPage: boolean, exactKeyword: boolean) => Math.max(bits & FIELD.title ? (isPage ? 10 : 8) : 0, bits & FIELD.defined ? 9 : 0, bits & FIELD.keywords ? (exactKeyword ? 7 : 6) : 0,
  bits & FIELD.tagline ? 4 : 0, bits & FIELD.description ? 4 : 0, bits & FIELD.prose ? 3 : 0, bits & FIELD.code ? 1.5 : 0);

/**
 * Per doc (a row) and slot: the fewest typos seen, the best score with that many, and
 * the words to mark. Flat arrays: a common word touches thousands of docs per query.
 */
export class Table {
  /** Row of each doc id (-1: none yet), and the doc id of each row. */
  rowOf: Int32Array;
  ids: number[] = [];
  typos: number[] = [];
  score: number[] = [];
  /** 1 when the slot's best match is in the doc's title (or a term it defines). */
  titled: number[] = [];
  marks: (string[] | undefined)[] = [];
  /** Per row: the doc title's length in content words (0: unknown). */
  titleWords: number[] = [];
  constructor(readonly width: number, docs: number) { this.rowOf = new Int32Array(docs).fill(-1); }
  row(id: number): number {
    let r = this.rowOf[id];
    if (r === -1) {
      r = this.rowOf[id] = this.ids.length;
      this.ids.push(id);
      this.titleWords.push(0);
      for (let s = 0; s < this.width; s++) { this.typos.push(Infinity); this.score.push(0); this.titled.push(0); this.marks.push(undefined); }
    }
    return r * this.width;
  }
}

export const isPage = (index: SearchIndex, id: number) => index.pageFirst[index.pageOf[id]] === id;

/** One slot's matches in one round: its words shard's vocabulary and the words it matched there. */
export interface SlotMatches { n: number; vocab: Vocabulary; terms: TermMatch[] }

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
export function accumulate(index: SearchIndex, p: Plan, table: Table, inScope: (id: number) => boolean, round: (SlotMatches | undefined)[]) {
  const subjectWords = p.words.reduce((n, w) => n + (w.weak ? 0 : w.size), 0);
  round.forEach((slotMatches, s) => {
    if (!slotMatches) return;
    const { vocab, terms } = slotMatches;
    for (const m of terms) {
      decodePostings(vocab.post[m.term] ?? '', (id, bits, titleWords, keywordWords) => {
        if (id >= index.pageOf.length || !inScope(id)) return;
        const score = m.weight * fieldWeight(bits, isPage(index, id), keywordWords > 0 && keywordWords <= subjectWords);
        const row = table.row(id);
        if (titleWords) table.titleWords[row / table.width] = titleWords;
        const at = row + s;
        const titled = bits & (FIELD.title | FIELD.defined) ? 1 : 0;
        // Fewest typos first; the marks are those of the matches with that many typos.
        if (m.typos < table.typos[at]) { table.typos[at] = m.typos; table.score[at] = score; table.titled[at] = titled; table.marks[at] = [m.mark]; return; }
        if (m.typos > table.typos[at]) return;
        if (score > table.score[at]) { table.score[at] = score; table.titled[at] = titled; }
        const marks = table.marks[at]!;
        if (!marks.includes(m.mark) && (m.tier !== Tier.Fuzzy || marks.length < 3)) marks.push(m.mark);
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
    for (const m of terms) { const k = partOf(vocab, m.term); seen.set(`${n}:${k}`, { n, k }); }
  }
  return [...seen.values()];
}

/** How a word matched a doc: through one of its ways (plan.ts), all of the way's slots. */
export interface WordMatch { typos: number; score: number; slots: number[] }

/** Whether a word's match is in the doc's title. */
export const inTitle = (table: Table, at: number, m: WordMatch) => m.slots.every((s) => table.titled[at + s] === 1);

/** The word's best way for this doc: fewest typos, then the highest score. */
export function wordMatch(table: Table, at: number, w: PlanWord): WordMatch | undefined {
  let best: WordMatch | undefined;
  for (const way of w.ways) {
    let typos = 0, score = Infinity;
    for (const s of way.slots) {
      if (table.typos[at + s] === Infinity) { score = -1; break; }
      typos = Math.max(typos, table.typos[at + s]);
      score = Math.min(score, table.score[at + s]);
    }
    if (score < 0) continue;
    const m = { typos: typos + way.typos, score: way.factor * score, slots: way.slots };
    if (!best || m.typos < best.typos || (m.typos === best.typos && m.score > best.score)) best = m;
  }
  return best;
}

export function marksOf(table: Table, at: number, p: Plan): string[] {
  const marks = new Set<string>();
  for (const w of p.words) for (const s of wordMatch(table, at, w)?.slots ?? []) for (const m of table.marks[at + s] ?? []) marks.add(m);
  return [...marks].slice(0, 12);
}

export function enoughWithoutTypos(index: SearchIndex, table: Table, p: Plan, options: QueryOptions): boolean {
  const pages = new Set<number>();
  for (let r = 0; r < table.ids.length && pages.size < options.limit; r++) {
    const page = index.pageOf[table.ids[r]];
    if (options.prefer !== undefined && index.pageContext[page] !== options.prefer) continue;
    if (p.words.every((w) => w.weak || wordMatch(table, r * table.width, w)?.typos === 0)) pages.add(page);
  }
  return pages.size >= options.limit;
}

