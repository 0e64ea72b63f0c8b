/**
 * A query → what to look up (slots) and how each query word may be matched (ways).
 * Stop words are dropped; the words that frame a question are kept as weak words;
 * a phrase from the synonym table ("pay out", "api key") is one word of the query.
 */
import { queryWords, stem, STOP_WORDS, type QueryWord } from '../format/tokenize.ts';
import { phraseKey, type SynonymTable } from './synonyms.ts';

/** One term to look up in the words shards. */
export interface Slot {
  text: string;
  stem: string;
  fuzzy: boolean;
  prefix: boolean;
}

/**
 * One way a query word can match a doc: every slot of it must match (one slot for a
 * word or a one-word synonym, several for identifier pieces or a phrase); the match
 * scores `factor` × its weakest slot and counts `typos` extra typos.
 */
export interface Way {
  slots: number[];
  factor: number;
  typos: number;
}

/** A query word: its ways (the first is the word itself); `weak`: a question's frame word. */
export interface PlanWord {
  ways: Way[];
  weak: boolean;
  size: number;
}

export interface Plan {
  slots: Slot[];
  words: PlanWord[];
}

/**
 * Words that frame a question rather than name its subject ("how do webhooks *work*",
 * "where do I *find* my balance", "how *long* is a link valid"): kept, so a page that
 * has them still gains, but a page need not have them to count as matching every word.
 */
const WEAK = new Set(
  (
    'work works working happen happens find get got use using used need needs want know see make set up out ' +
    'long much many possible way still also just only after before again check look show tell mean means'
  ).split(' '),
);

/** Longest phrases the synonym table may hold. */
const MAX_PHRASE = 3;

/** Query words, with the synonym table's phrases joined into one word. */
function phrases(words: QueryWord[], synonyms: SynonymTable): { text: string; parts: string[]; pieces: string[] }[] {
  const out: { text: string; parts: string[]; pieces: string[] }[] = [];
  for (let i = 0; i < words.length; i++) {
    let k = Math.min(MAX_PHRASE, words.length - i);
    for (; k > 1; k--) if (synonyms.has(phraseKey(words.slice(i, i + k).map((w) => w.whole)))) break;
    const parts = words.slice(i, i + k).map((w) => w.whole);
    out.push({ text: parts.join(' '), parts, pieces: k === 1 ? words[i].pieces : [] });
    i += k - 1;
  }
  return out;
}

export function plan(query: string, synonyms: SynonymTable = new Map()): Plan {
  const slots: Slot[] = [];
  const all = phrases(queryWords(query).slice(0, 10), synonyms);
  const content = all.filter(
    (w, i) =>
      w.parts.length > 1 ||
      !STOP_WORDS.has(w.text) ||
      (i === all.length - 1 && !/\s$/.test(query) && w.text.length > 2),
  );
  const list = (content.length ? content : all).slice(0, 8);
  // A query of single characters (the first key typed) asks nothing: a letter matches only itself,
  // which suggests nothing useful, and the shards it would load are useless once the next key comes.
  if (list.every((w) => w.text.length < 2)) return { slots, words: [] };
  // Weak only beside a subject: a query of frame words alone ("check", "find") is about them.
  const hasSubject = list.some((w) => !WEAK.has(w.text));
  // The last word may still be being typed: its typo matches may be beginnings of longer words.
  const slot = (text: string, fuzzy: boolean, last: boolean) =>
    slots.push({ text, stem: stem(text), fuzzy, prefix: last }) - 1;
  const words = list.map((w, i): PlanWord => {
    const last = i === list.length - 1;
    const ways: Way[] =
      w.parts.length === 1
        ? [{ slots: [slot(w.text, true, last)], factor: 1, typos: 0 }]
        : [{ slots: w.parts.map((p, j) => slot(p, false, last && j === w.parts.length - 1)), factor: 1, typos: 0 }];
    // An identifier also matches through all of its pieces (`wallet-transfers` → wallet … transfers),
    // ranked like a typo: the whole identifier comes first.
    if (w.pieces.length) ways.push({ slots: w.pieces.map((p) => slot(p, false, false)), factor: 0.7, typos: 1 });
    // A synonym counts as the word, a little below it; a phrase synonym needs all its words.
    for (const alt of synonyms.get(phraseKey(w.parts)) ?? [])
      ways.push({ slots: alt.map((a) => slot(a, false, false)), factor: 0.8, typos: 0 });
    return { ways, weak: hasSubject && WEAK.has(w.text), size: Math.max(1, w.pieces.length, w.parts.length) };
  });
  return { slots, words };
}
