/**
 * A query's evidence, gathered per doc and slot (a term looked up) from the posting lists
 * of the words each slot matched, in rounds: exact, stem and prefix matches, then — when
 * they are not enough — typo matches. The evidence goes into a Table (table.ts).
 */
import { decodePostings, FIELD } from '../format/codec.ts';
import { matchWord, partOf, Tier, type TermMatch, type Vocabulary } from './vocabulary.ts';
import type { Plan } from './plan.ts';
import { wordsShardOf, type PartRef, type SearchIndex } from './shards.ts';
import { isPage, type Table } from './table.ts';

/**
 * A keyword phrase no longer than the query (`exactKeyword`) names what the page is about: it
 * counts nearly as a heading.
 */
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

/**
 * Adds a round's matches to the table: per doc and slot, the fewest typos, the best score, the
 * marks. Needs their parts (`partsOf`).
 */
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
