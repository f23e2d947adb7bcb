// The answer room: places a question (gate.ts), finds the person's place (places.ts) and, in
// library mode, writes the answer from the guide's own sentences (compose.ts). The chat calls
// it before anything is reserved; llm/ keeps the model's transport.
import type { GuideDocument, GuidePassage } from '../../../shared/guides.js';
import type { GuidesService } from '../guides/service.js';
import { composeAnswer, type AnswerQuestion, type ComposedAnswer } from './compose.js';
import {
  buildGateVocabulary,
  coveredProbability,
  coveredThreshold,
  readQuestion,
  smallTalkOf,
  soundsLegal,
  type GateVocabulary,
  type QuestionReading,
} from './gate.js';
import { statePlaceOf, type Place } from './places.js';
import { otherLanguageReplies, replies } from './replies.js';

export interface AskedQuestion {
  text: string;
  /** The person's earlier questions in this conversation, oldest first. */
  earlier: readonly string[];
  /** The place in the person's profile. */
  profile: { country: string | null; region: string | null };
}

export type Declined = 'small-talk' | 'other-language' | 'not-legal' | 'abroad' | 'not-covered';

export type Placement =
  | { kind: Declined; reply: string }
  | {
      kind: 'covered';
      guide: GuideDocument;
      place: Place | undefined;
      question: AnswerQuestion;
      /** The passages the search found, best first: the model's grounding. */
      passages: GuidePassage[];
      /** Read with the earlier question it follows ("what about Texas?"). */
      followUp: boolean;
    };

/** "What about Texas?", "and if I was fired?": a question that leans on the one before it. */
const followUpStart =
  /^\s*(?:and|but|what about|how about|what if|also|same|ok(?:ay)? (?:and|what|how)|so what|then|in|for)\b/i;
const backReference = /\b(?:it|that|this|they|them|there|those|these|same|instead|too|also)\b/i;

function isElliptical(text: string, reading: QuestionReading): boolean {
  if (reading.ownTerms.length === 0) return true;
  if (reading.ownTerms.length > 4) return false;
  return followUpStart.test(text) || (reading.ownTerms.length <= 2 && backReference.test(text));
}

const figureWords =
  /\b(?:how (?:long|much|many|soon|fast|late|old|often)|when|deadline|limit|max(?:imum)?|minimum|most|least|days?|weeks?|months?|years?|amount|cap|percent|rate|fee|cost|owe|due|time limit|statute of limitations)\b/i;

export interface AnswersDeps {
  guides: GuidesService;
  /** The official court self-help site of a state ("TX"), for when our guides have no figure. */
  selfHelpFor: (stateCode: string) => { name: string; url: string } | undefined;
}

export function createAnswersService({ guides, selfHelpFor }: AnswersDeps) {
  let vocabulary: GateVocabulary | undefined;
  const documents = () =>
    guides
      .listGuides()
      .map((summary) => guides.getGuide(summary.slug))
      .filter((guide): guide is GuideDocument => guide !== undefined);
  const gateVocabulary = () => (vocabulary ??= buildGateVocabulary(documents()));

  const read = (text: string, jurisdiction: string | null) =>
    readQuestion(
      gateVocabulary(),
      (query, where) => guides.searchPassages({ query, jurisdiction: where, limit: 8 }),
      text,
      jurisdiction,
    );

  const isCovered = (reading: QuestionReading) =>
    reading.passages.length > 0 && coveredProbability(reading.features) >= coveredThreshold;

  function place({ text, earlier, profile }: AskedQuestion): Placement {
    const smallTalk = smallTalkOf(text);
    if (smallTalk) return { kind: 'small-talk', reply: replies[smallTalk] };
    const profileState = profile.country === 'US' ? statePlaceOf(profile.region) : undefined;
    const jurisdiction = profileState?.kind === 'state' ? `US-${profileState.code}` : null;

    let reading = read(text, jurisdiction);
    if (reading.language !== 'en') {
      return { kind: 'other-language', reply: otherLanguageReplies[reading.language] };
    }
    let followUp = false;
    const previous = earlier.at(-1);
    if (previous && isElliptical(text, reading)) {
      const combined = read(`${previous} ${text}`, jurisdiction);
      if (isCovered(combined)) {
        // The topic from before; the place this question names, else the one before.
        const placesNow = reading.places;
        reading = { ...combined, places: placesNow.length > 0 ? placesNow : combined.places };
        followUp = true;
      }
    }
    const named =
      reading.places.at(-1) ?? earlier.map((q) => read(q, null).places.at(-1)).findLast(Boolean);
    const outsideUs =
      named?.kind === 'abroad' || (!named && profile.country !== null && profile.country !== 'US');

    if (!isCovered(reading)) {
      if (!soundsLegal(gateVocabulary(), reading))
        return { kind: 'not-legal', reply: replies.notLegal };
      return outsideUs
        ? { kind: 'abroad', reply: replies.abroad }
        : { kind: 'not-covered', reply: replies.notCovered };
    }
    if (outsideUs) return { kind: 'abroad', reply: replies.abroad };
    const guide = guides.getGuide(reading.passages[0]!.slug)!;
    const placeForAnswer = named ?? profileState;
    const selfHelp =
      placeForAnswer?.kind === 'state' ? selfHelpFor(placeForAnswer.code) : undefined;
    return {
      kind: 'covered',
      guide,
      place: placeForAnswer,
      passages: reading.passages,
      followUp,
      question: {
        terms: reading.terms,
        wantsFigure: figureWords.test(followUp && previous ? `${previous} ${text}` : text),
        place: placeForAnswer,
        selfHelp: selfHelp ? { name: selfHelp.name, url: selfHelp.url } : undefined,
      },
    };
  }

  return {
    place,
    /** Library mode's answer to a covered question. */
    compose: (placement: Extract<Placement, { kind: 'covered' }>): ComposedAnswer =>
      composeAnswer(placement.guide, placement.question),
    /** Builds what the gate needs (the guides' vocabulary and everyday English) ahead of use. */
    warm: () => void gateVocabulary(),
    features: (text: string) => read(text, null).features,
  };
}

export type AnswersService = ReturnType<typeof createAnswersService>;
