// The answers' figures from a run: per set (tune, held-out) and over both.
import type { GuideLibrary } from '../../src/server/modules/guides/loader';
import {
  citationSupport,
  citationsValid,
  firstParagraph,
  firstParagraphGrade,
  statesExpected,
  type Reply,
} from './measure';
import type { AskedReply } from './run';

export interface Share {
  count: number;
  of: number;
}

export interface SetFigures {
  questions: number;
  /** Covered questions whose first paragraph states the expected fact and cites a given source. */
  directAnswers: Share;
  /** Covered questions declined. */
  wrongDeclines: Share;
  /** Questions that are not legal, or legal but not covered, declined at no charge. */
  declinedFree: Share;
  /** Tokens charged for declines (small talk, other languages, not legal, not covered). */
  chargedOnDeclines: number;
  /** Greetings answered as such; questions in another language answered in it. */
  smallTalk: Share;
  otherLanguage: Share;
  /** Every [n] names a source the reply gave. */
  citationValidity: Share;
  /** Sentences that state a figure whose cited passage contains it. */
  citationSupport: Share;
  /** Mean Flesch-Kincaid grade of covered answers' first paragraphs. */
  firstParagraphGrade: number;
  /** Mean words of covered answers. */
  words: number;
}

export interface Timing {
  p50: number;
  p95: number;
}

const declined = (reply: Reply) => reply.placement !== undefined && reply.placement !== 'covered';
const round = (value: number, places = 2) => Number(value.toFixed(places));

function share(items: boolean[]): Share {
  return { count: items.filter(Boolean).length, of: items.length };
}

export function figuresOf(library: GuideLibrary, replies: AskedReply[]): SetFigures {
  const covered = replies.filter((r) => r.question.type === 'covered');
  const declinable = replies.filter(
    (r) => r.question.type === 'uncovered' || r.question.type === 'non-legal',
  );
  const validity = replies.map(({ reply }) => citationsValid(reply));
  const support = replies.map(({ reply }) => citationSupport(library, reply));
  const answered = covered.filter(({ reply }) => !declined(reply));
  const mean = (values: number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
  return {
    questions: replies.length,
    directAnswers: share(
      covered.map(({ question, reply }) => {
        const first = firstParagraph(reply.text).toLowerCase();
        const cites = [...first.matchAll(/\[(\d{1,3})\]/g)].some(
          (m) => Number(m[1]) >= 1 && Number(m[1]) <= reply.sources.length,
        );
        return cites && statesExpected(reply.text, question.expect ?? []);
      }),
    ),
    wrongDeclines: share(covered.map(({ reply }) => declined(reply))),
    declinedFree: share(declinable.map(({ reply }) => declined(reply) && reply.charged === 0)),
    chargedOnDeclines: replies
      .filter(({ reply }) => declined(reply))
      .reduce((sum, { reply }) => sum + reply.charged, 0),
    smallTalk: share(
      replies
        .filter((r) => r.question.type === 'small-talk')
        .map(({ reply }) => reply.placement === 'small-talk' && reply.charged === 0),
    ),
    otherLanguage: share(
      replies
        .filter((r) => r.question.type === 'other-language')
        .map(({ reply }) => reply.placement === 'other-language' && reply.charged === 0),
    ),
    citationValidity: {
      count: validity.reduce((sum, v) => sum + v.valid, 0),
      of: validity.reduce((sum, v) => sum + v.markers, 0),
    },
    citationSupport: {
      count: support.reduce((sum, v) => sum + v.supported, 0),
      of: support.reduce((sum, v) => sum + v.stated, 0),
    },
    firstParagraphGrade: round(
      mean(
        answered
          .map(({ reply }) => firstParagraphGrade(reply.text))
          .filter((g) => !Number.isNaN(g)),
      ),
      1,
    ),
    words: Math.round(mean(answered.map(({ reply }) => reply.text.split(/\s+/).length))),
  };
}

export function timingOf(replies: AskedReply[]): Timing {
  const times = replies
    .map(({ reply }) => reply.firstWordMs)
    .filter((ms) => !Number.isNaN(ms))
    .sort((a, b) => a - b);
  const at = (q: number) =>
    round(times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0, 1);
  return { p50: at(0.5), p95: at(0.95) };
}

export const percent = ({ count, of }: Share) =>
  of === 0 ? 'n/a' : `${((100 * count) / of).toFixed(1)}%`;

/** The targets in library mode: a share of covered questions, of declinable ones, a grade. */
export const targets = {
  directAnswers: 0.9,
  declinedFree: 0.95,
  wrongDeclines: 0.03,
  firstParagraphGrade: 8,
};

export const rate = ({ count, of }: Share) => (of === 0 ? 1 : count / of);

export function missedTargets(all: SetFigures): string[] {
  const missed: string[] = [];
  if (rate(all.directAnswers) < targets.directAnswers)
    missed.push(`direct cited answers ${percent(all.directAnswers)} < 90%`);
  if (rate(all.declinedFree) < targets.declinedFree)
    missed.push(`declined free ${percent(all.declinedFree)} < 95%`);
  if (rate(all.wrongDeclines) > targets.wrongDeclines)
    missed.push(`wrong declines ${percent(all.wrongDeclines)} > 3%`);
  if (rate(all.citationValidity) < 1)
    missed.push(`citation validity ${percent(all.citationValidity)} < 100%`);
  if (all.firstParagraphGrade > targets.firstParagraphGrade)
    missed.push(`first-paragraph grade ${all.firstParagraphGrade} > 8`);
  if (all.chargedOnDeclines > 0) missed.push(`${all.chargedOnDeclines} tokens charged on declines`);
  return missed;
}
