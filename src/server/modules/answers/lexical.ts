// The first paragraph when none of the guide's own questions is close: the guide's sentences
// ranked by the question's telling words, the section they stand in, the kind of figure asked for
// and the person's state. Decision 0111.
import type { GuideDocument } from '../../../shared/guides.js';
import { regionsByCountry } from '../../../shared/jurisdictions.js';
import { plain, sectionHolding, type Citer, type Quotable } from './citations.js';
import type { AnswerQuestion, FirstParagraph } from './compose.js';
import { figurePatterns } from './figures.js';
import type { Place } from './places.js';
import type { GuideSentence } from './sentences.js';

const stateNames = regionsByCountry.US!.regions.map((region) => region.name);
const stateMentions = new Map(stateNames.map((name) => [name, new RegExp(`\\b${name}\\b`)]));

function statesInText(text: string): string[] {
  return stateNames.filter((name) => text.includes(name) && stateMentions.get(name)!.test(text));
}

/** The states a sentence is about: those it names, and its list item's state. */
export function statesIn(sentence: Pick<GuideSentence, 'text' | 'place'>): string[] {
  const named = statesInText(sentence.text);
  return sentence.place && !named.includes(sentence.place) ? [sentence.place, ...named] : named;
}

const sectionWeight: Record<string, number> = {
  overview: 0.9,
  'what-the-law-generally-says': 1.1,
  'steps-to-take': 0.75,
  'deadlines-to-watch': 1,
  'where-the-rules-differ-by-place': 1,
  'when-to-see-a-lawyer': 0.45,
};

export const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Weight of each question term within this guide: rarer in the guide, more telling. */
function termWeights(sentences: GuideSentence[], question: AnswerQuestion) {
  const df = new Map<string, number>();
  for (const sentence of sentences) {
    for (const term of question.terms.keys()) {
      if (sentence.terms.has(term)) df.set(term, (df.get(term) ?? 0) + 1);
    }
  }
  const n = sentences.length;
  return new Map(
    [...question.terms].map(([term, weight]) => [
      term,
      weight * Math.log(1 + n / (1 + (df.get(term) ?? n))),
    ]),
  );
}

function scoreSentence(
  sentence: GuideSentence,
  weights: Map<string, number>,
  question: AnswerQuestion,
): number {
  let score = 0;
  for (const [term, weight] of weights) if (sentence.terms.has(term)) score += weight;
  if (score === 0) return 0;
  score *= sectionWeight[sentence.anchor] ?? 1;
  const mentioned = statesIn(sentence);
  const state = question.place?.kind === 'state' ? question.place.name : undefined;
  // A sentence about the person's state alone beats one that lists it among others.
  if (state && mentioned.includes(state)) score *= mentioned.length === 1 ? 2 : 1;
  else if (state && mentioned.length > 0) score *= 0.35;
  else if (!state && mentioned.length > 0) score *= 0.8;
  if (question.figure && question.figure !== 'any') {
    if (figurePatterns[question.figure].test(sentence.text)) score *= 2.2;
  } else if (
    question.wantsFigure &&
    /\d|\b(?:one|two|three|four|five|six|ten)\b/i.test(sentence.text)
  ) {
    score *= 1.5;
  }
  const length = words(sentence.text);
  if (length > 45) score *= 0.75;
  if (length < 6) score *= 0.5;
  return score;
}

/** A sentence that is one of the guide's facts for a state other than the person's. */
export function isStateFact(
  guide: GuideDocument,
  sentence: GuideSentence,
  state: Place | undefined,
) {
  const code = state?.kind === 'state' ? `US-${state.code}` : undefined;
  return guide.facts.some(
    (fact) =>
      fact.jurisdiction !== 'US' &&
      fact.jurisdiction !== code &&
      plain(fact.text).includes(plain(sentence.text).slice(0, 60)),
  );
}

/** The direct answer from the guide's sentences, ranked; the state asked for when it varies. */
/** The guide's sentences that answer the question, best first (each sentence once). */
export function rankSentences(sentences: GuideSentence[], question: AnswerQuestion) {
  const weights = termWeights(sentences, question);
  return (
    sentences
      // A fragment that goes on from a lead-in ("be paid at least …") cannot stand first.
      .filter((sentence) => /^["“(]?[A-Z0-9$]/.test(sentence.text))
      .map((sentence) => ({ sentence, score: scoreSentence(sentence, weights, question) }))
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score)
      .filter(
        (entry, i, all) =>
          all.findIndex((other) => other.sentence.text === entry.sentence.text) === i,
      )
  );
}

type Ranked = ReturnType<typeof rankSentences>;

/** The person's state's own sentence, if it answers nearly as well as the best sentence. */
function stateBestOf(
  ranked: Ranked,
  state: Place | undefined,
  share = 0.4,
  fits: (sentence: GuideSentence) => boolean = () => true,
) {
  const topScore = ranked[0]?.score ?? 0;
  return state?.kind === 'state'
    ? ranked.find(
        (entry) =>
          entry.score >= topScore * share &&
          statesIn(entry.sentence).includes(state.name) &&
          fits(entry.sentence),
      )
    : undefined;
}

/**
 * The sentence of the guide that gives the person's state's rule for what they asked, when the
 * guide has one: it names the state and, when a kind of figure is asked for, states one.
 */
export function stateSentence(
  sentences: GuideSentence[],
  question: AnswerQuestion,
): GuideSentence | undefined {
  // "How long" wants a duration, "how much" an amount; any other figure a number of some kind.
  const figure =
    question.figure === 'duration' || question.figure === 'money'
      ? figurePatterns[question.figure]
      : question.figure
        ? /\d/
        : undefined;
  return stateBestOf(
    rankSentences(sentences, question),
    question.place,
    0.4,
    (sentence) => !figure || figure.test(sentence.text),
  )?.sentence;
}

/**
 * The state's sentence as its fact gives it: a fact for that state whose text holds the sentence
 * and goes on ("…a 3-day notice to pay rent or quit. The 3 days do not count Saturdays…") is
 * quoted whole, when it stands in one section. Else the sentence alone.
 */
export function wholeStateRule(
  guide: GuideDocument,
  sentence: GuideSentence,
  stateCode: string,
): Quotable {
  const fact = guide.facts.find(
    (candidate) =>
      candidate.jurisdiction === `US-${stateCode}` &&
      candidate.text.length > sentence.text.length &&
      candidate.text.includes(sentence.text),
  );
  const section = fact ? sectionHolding(guide, fact.text) : undefined;
  return fact && section
    ? { text: fact.text, anchor: section.anchor, heading: section.heading, place: sentence.place }
    : sentence;
}

export function lexicalFirst(
  guide: GuideDocument,
  sentences: GuideSentence[],
  question: AnswerQuestion,
  { quote }: Citer,
  help: string,
): FirstParagraph {
  const state = question.place?.kind === 'state' ? question.place : undefined;
  const ranked = rankSentences(sentences, question);

  const first: string[] = [];
  const used = new Set<string>();
  let asksForState = false;
  let answeredFor: string | null = null;
  const general = ranked.find((entry) => statesIn(entry.sentence).length === 0);
  const topScore = ranked[0]?.score ?? 0;
  // With a state known, its own sentence comes first if it answers nearly as well as the best.
  const stateBest = stateBestOf(ranked, state);
  const best = stateBest ?? ranked[0];
  /** A sentence that states another state's rule: the rule varies by place. */
  const aboutOtherStates = (sentence: GuideSentence) =>
    statesIn(sentence).some((name) => name !== state?.name) || isStateFact(guide, sentence, state);

  // The figure asked for is one the guide gives state by state.
  const figure =
    question.figure && question.figure !== 'any' ? figurePatterns[question.figure] : undefined;
  // The guide's facts say so when a figure is set state by state.
  const stateFacts = guide.facts.filter((fact) => fact.jurisdiction !== 'US').length;
  const variesByState =
    (best && aboutOtherStates(best.sentence)) ||
    (figure !== undefined &&
      stateFacts >= 3 &&
      ranked.slice(0, 6).some((e) => aboutOtherStates(e.sentence) && figure.test(e.sentence.text)));
  const push = (sentence: Quotable) => {
    first.push(quote(sentence));
    used.add(sentence.text);
  };
  if (best) {
    if (stateBest) {
      push(wholeStateRule(guide, stateBest.sentence, state!.code));
      answeredFor = `US-${state!.code}`;
    } else if (state && variesByState) {
      // The guide gives other states' figures, not this one's: say so, then the general rule.
      first.push(`Our guides do not give this figure for ${state.name}.${help}`);
      if (general && general.score >= topScore * 0.3) push(general.sentence);
    } else if (!state && variesByState) {
      // No state known and the rule varies: the general rule, an example, and the question.
      if (general && general.score >= topScore * 0.3) push(general.sentence);
      if (!used.has(best.sentence.text)) push(best.sentence);
      asksForState = true;
    } else {
      push(best.sentence);
      const second = ranked
        .slice(0, 4)
        .find(
          (entry) =>
            entry !== best &&
            entry.score >= best.score * 0.6 &&
            entry.sentence.anchor === best.sentence.anchor &&
            entry.sentence.listItem === best.sentence.listItem &&
            !aboutOtherStates(entry.sentence) &&
            words(best.sentence.text) + words(entry.sentence.text) < 70,
        );
      if (second) push(second.sentence);
    }
  }
  return { sentences: first, used, asksForState, answeredFor };
}
