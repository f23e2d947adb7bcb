// Which of the guides' own questions the person asked: the closest among the guides the search
// found first, the person's state's own question before a general one that asks the same, and a
// second question nearly as close. Decisions 0114 and 0152.
import type { GuidePassage } from '../../../shared/guides.js';
import type { FigureKind } from './figures.js';
import type { Placement } from './plan.js';
import { matchQuestions, type QuestionIndex, type QuestionMatch } from './questions.js';

/** How many of the search's guides are searched for the person's question. */
const questionGuides = 6;
/** How much a guide further down the search's list weighs, per place. */
const guideRankWeight = 0.93;
/** Another guide's question is chosen over the first guide's only when it is this close, and closer. */
const switchScore = 0.1;
/** A second question of the guide this close to the best (as a share) is answered too. */
const nearlyAsClose = 0.5;
/** The person's state's own question this close to a general best is the same question. */
const sameForState = 0.8;
/** Another guide's question for the person's state this close (as a share) answers instead. */
const stateElsewhere = 0.6;
/** The guide-choice model's belief in the first guide above which it keeps the answer… */
const believed = 0.5;
/** …from another guide whose likelihood is below this (decision 0159). */
const ruledOut = 0.05;
/** How close (cosine, 0 to 1) a guide's question must be to answer with its own sentence. */
const questionThreshold = 0.1;

/** The guides whose questions are searched: the first few the search found, in its order. */
const searchedGuides = (passages: GuidePassage[]) =>
  [...new Set(passages.map((passage) => passage.slug))].slice(0, questionGuides);

/**
 * The guides' own question closest to the person's, among the guides the search found first;
 * a guide further down the list must match clearly better to be chosen over the first.
 */
export function closestQuestion(
  index: QuestionIndex,
  passages: GuidePassage[],
  terms: Map<string, number>,
  figure: FigureKind | undefined,
  state: string | undefined,
  {
    margin = 1,
    likelihoods = new Map(),
    stateAsked = true,
  }: {
    /** How many times closer another guide's question must be (a follow-up keeps to its topic). */
    margin?: number;
    /** How likely each guide is, from how people ask (guide-choice.ts). */
    likelihoods?: ReadonlyMap<string, number>;
    /** The question names the state itself (not a question before it, not the profile). */
    stateAsked?: boolean;
  } = {},
) {
  const slugs = searchedGuides(passages);
  const matches = matchQuestions(index, terms, slugs, figure, state);
  const first = matches.find((match) => match.slug === slugs[0]);
  const weighed = (match: QuestionMatch) =>
    match.score * guideRankWeight ** slugs.indexOf(match.slug);
  // A guide the guide-choice model all but rules out does not take the answer from the first
  // guide when the model believes in that one.
  const firstBelieved = (likelihoods.get(slugs[0]!) ?? 0) >= believed;
  const other = matches
    .filter((match) => match.slug !== slugs[0])
    .filter((match) => !firstBelieved || (likelihoods.get(match.slug) ?? 0) >= ruledOut)
    .sort((a, b) => weighed(b) - weighed(a))[0];
  const otherWeighed = other ? weighed(other) : 0;
  const best =
    other && otherWeighed >= switchScore && otherWeighed > (first?.score ?? 0) * margin
      ? other
      : first;
  if (!best || best.score < questionThreshold) return undefined;
  const nearly = (match: QuestionMatch, to: QuestionMatch, share = nearlyAsClose) =>
    match.slug === to.slug &&
    match.question.answer !== to.question.answer &&
    match.score >= to.score * share;
  // The same question asked for the person's own state ("and in Utah?") answers first.
  const own = best.givesState
    ? undefined
    : matches.find((m) => m.forState && nearly(m, best, sameForState));
  if (own) return { ...own, next: best };
  // The question names a state; another guide gives that state's rule for what the best question
  // asks in general.
  const elsewhere =
    state && stateAsked && !best.givesState
      ? matches.find(
          (m) =>
            m.slug !== best.slug &&
            m.givesState &&
            (likelihoods.get(m.slug) ?? 0) >= ruledOut &&
            m.question.fact === best.question.fact &&
            m.score >= best.score * stateElsewhere,
        )
      : undefined;
  if (elsewhere) return elsewhere;
  // A second question of the same guide nearly as close: its answer may be the one meant.
  return { ...best, next: matches.find((match) => nearly(match, best)) };
}

/** How close the nearest of the found guides' own questions is to a placed question, 0 to 1. */
export function nearestQuestionScore(
  index: QuestionIndex,
  { passages, question }: Extract<Placement, { kind: 'covered' }>,
): number {
  const slugs = [...new Set(passages.map((passage) => passage.slug))];
  const { terms, figure, place } = question;
  const state = place?.kind === 'state' ? place.code : undefined;
  return matchQuestions(index, terms, slugs, figure, state)[0]?.score ?? 0;
}

/**
 * A question of another found guide gives the person's state's rule and is near the matched one:
 * our guides do give that state's figure, elsewhere ("what about Florida?" kept to the car
 * accident guide, whose deadline is each state's; the deadlines guide has Florida's).
 */
export function stateGivenElsewhere(
  index: QuestionIndex,
  passages: GuidePassage[],
  terms: Map<string, number>,
  figure: FigureKind | undefined,
  state: string | undefined,
  matched: QuestionMatch | undefined,
): boolean {
  if (!state || !matched) return false;
  return matchQuestions(index, terms, searchedGuides(passages), figure, state).some(
    (m) => m.slug !== matched.slug && m.forState && m.score >= matched.score * stateElsewhere,
  );
}
