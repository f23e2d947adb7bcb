// The answer room: places a question (gate.ts), finds the person's place (places.ts) and, in
// library mode, writes the answer from the guide's own sentences (compose.ts). The chat calls
// it before anything is reserved; llm/ keeps the model's transport.
import { guidePath, type GuideDocument } from '../../../shared/guides.js';
import type { GuidesService } from '../guides/service.js';
import { words } from '../guides/terms.js';
import { composeAnswer, type ComposedAnswer } from './compose.js';
import { figureKindOf, figureWords } from './figures.js';
import {
  buildGateVocabulary,
  coveredProbability,
  coveredThreshold,
  namesTopicAlone,
  readQuestion,
  soundsLegal,
  type GateVocabulary,
  withQuestionFeatures,
  type QuestionReading,
} from './gate.js';
import { asksSameAgain, followUpTerms, leansOnEarlier, topicFirst } from './followups.js';
import { closestQuestion, nearestQuestionScore, stateGivenElsewhere } from './closest.js';
import { isPlayRequest, smallTalkOf } from './small-talk.js';
import { chooseGuide, guideLikelihoods, withLikeliestGuide } from './guide-choice.js';
import { readPlaces, statePlaceOf, usLawAbroad } from './places.js';
import { namesUncoveredField, phrasesTakenUpByGuide, uncoveredAreaOf } from './uncovered.js';
import { indexQuestions, matchQuestions, type QuestionIndex, weightedTerms } from './questions.js';
import { otherLanguageReplies, replies, unansweredReply } from './replies.js';
import type { AskedQuestion, Placement, ReplyPlan } from './plan.js';

export type { AskedQuestion, Declined, Placement, ReplyPlan } from './plan.js';

/** A follow-up leaves its topic's guide for another only when that one's question is this much closer. */
const topicMargin = 1.5;

/**
 * How many passages the search gives a question: enough to reach the guide the guide-choice
 * model believes in when the words put others first. The gate reads the first eight.
 */
const searchLimit = 16;

/** Below this, no guide question is near enough for the guide's own sentences to answer. */
const farFromEvery = 0.2;

export interface AnswersDeps {
  guides: GuidesService;
  /** The official court self-help site of a state ("TX"), for when our guides have no figure. */
  selfHelpFor: (stateCode: string) => { name: string; url: string } | undefined;
}

export function createAnswersService({ guides, selfHelpFor }: AnswersDeps) {
  let vocabulary: GateVocabulary | undefined;
  let questionIndex: QuestionIndex | undefined;
  const documents = () =>
    guides
      .listGuides()
      .map((summary) => guides.getGuide(summary.slug))
      .filter((guide): guide is GuideDocument => guide !== undefined);
  const gateVocabulary = () => (vocabulary ??= buildGateVocabulary(documents()));
  const questions = () => (questionIndex ??= indexQuestions(documents()));
  const takenUpBy = phrasesTakenUpByGuide();

  const read = (text: string, jurisdiction: string | null): QuestionReading => {
    const reading = readQuestion(
      gateVocabulary(),
      (query, where) => guides.searchPassages({ query, jurisdiction: where, limit: searchLimit }),
      text,
      jurisdiction,
    );
    const slugs = [...new Set(reading.passages.slice(0, 8).map((passage) => passage.slug))];
    const closest = matchQuestions(questions(), reading.terms, slugs, undefined)[0]?.score ?? 0;
    const likeliest = Math.max(0, ...guideLikelihoods(reading.terms).values());
    return withQuestionFeatures(reading, closest, likeliest);
  };

  const isCovered = (reading: QuestionReading) =>
    reading.passages.length > 0 &&
    (coveredProbability(reading.features, reading.sparse) >= coveredThreshold ||
      namesTopicAlone(gateVocabulary(), reading));

  /**
   * `depth` 1 places an earlier question, to learn the guide its answer came from (the
   * conversation's topic); that placement looks back no further.
   */
  function place({ text, earlier, profile }: AskedQuestion, depth = 0): Placement {
    const smallTalk = smallTalkOf(text);
    // The question's places and other words, read once.
    const inText = readPlaces(text);
    // "How does it work in NY?" after a question asks it again for NY, not about the assistant.
    const asksAgainForPlace =
      smallTalk === 'identity' && earlier.length > 0 && inText.places.length > 0;
    if (smallTalk && !asksAgainForPlace) return { kind: 'small-talk', reply: replies[smallTalk] };
    if (isPlayRequest(text)) return { kind: 'not-legal', reply: replies.notLegal };
    const profileState = profile.country === 'US' ? statePlaceOf(profile.region) : undefined;
    const jurisdiction = profileState?.kind === 'state' ? `US-${profileState.code}` : null;

    let reading = read(text, jurisdiction);
    if (reading.language !== 'en') {
      return { kind: 'other-language', reply: otherLanguageReplies[reading.language] };
    }
    let followUp = false;
    const previous = earlier.at(-1);
    // The places each earlier question names, read once.
    const earlierPlaces = earlier.map((question) => readPlaces(question).places);
    const earlierStates = earlierPlaces.flat().flatMap((p) => (p.kind === 'state' ? [p.code] : []));
    // The two questions before it: "I work in Texas btw" leaves the topic one question back.
    const context = earlier.slice(-2).join(' ');
    // The context and its topic are read once, if at all (its terms are the same for any place).
    let contextReading: QuestionReading | undefined;
    const readContext = () => (contextReading ??= read(context, jurisdiction));
    let contextTopic: { slug: string | undefined } | undefined;
    const topicOfContext = () =>
      (contextTopic ??= {
        slug: isCovered(readContext())
          ? chooseGuide(gateVocabulary(), readContext(), guideLikelihoods(readContext().terms))[0]
              ?.slug
          : undefined,
      }).slug;
    if (
      previous &&
      leansOnEarlier(gateVocabulary(), text, reading, {
        earlierStates,
        coveredAlone: isCovered(reading),
        topic: topicOfContext,
        earlierTerms: () => new Set(readContext().ownTerms),
      })
    ) {
      const combined = read(`${context} ${text}`, jurisdiction);
      if (isCovered(combined)) {
        // The topic from before; the place this question names, else the one before.
        const placesNow = reading.places;
        reading = { ...combined, places: placesNow.length > 0 ? placesNow : combined.places };
        followUp = true;
      }
    }
    const named =
      reading.places.at(-1) ?? earlierPlaces.map((places) => places.at(-1)).findLast(Boolean);
    const outsideUs =
      named?.kind === 'abroad' || (!named && profile.country !== null && profile.country !== 'US');

    if (!isCovered(reading)) {
      const written = words(inText.otherWords.join(' '));
      if (!soundsLegal(gateVocabulary(), reading) && !namesUncoveredField(written))
        return { kind: 'not-legal', reply: replies.notLegal };
      return outsideUs
        ? { kind: 'abroad', reply: replies.abroad }
        : { kind: 'not-covered', reply: replies.notCovered };
    }
    // A follow-up keeps to the guide the answer before it came from, where the search found it.
    const topic =
      followUp && depth === 0
        ? place({ text: previous!, earlier: earlier.slice(0, -1), profile }, 1)
        : undefined;
    const likelihoods = guideLikelihoods(reading.terms);
    const searchGuide = (query: string, guide: string) =>
      guides.searchPassages({ query, jurisdiction, limit: 4, guide });
    const chosen = topicFirst(
      chooseGuide(
        gateVocabulary(),
        withLikeliestGuide(reading, likelihoods, searchGuide),
        likelihoods,
      ),
      topic?.kind === 'covered' ? topic.guide.slug : undefined,
    );
    const ownWords = weightedTerms(inText.otherWords.join(' '));
    // "And in Utah?" asks the figure asked before; "and if they just keep it?" asks something
    // of its own, and "is it paid?" asks yes or no.
    const asksYesOrNo = /^\s*(?:is|are|can|could|does|do|did|will|would|should|must)\b/i.test(text);
    const figure =
      figureKindOf(text) ??
      (followUp && !asksYesOrNo && asksSameAgain(gateVocabulary(), ownWords, readContext().terms)
        ? (figureKindOf(previous ?? '') ?? figureKindOf(context))
        : undefined);
    // A follow-up asks its own question about the topic before: its own words weigh most.
    const asking = followUp && previous ? followUpTerms(reading.terms, ownWords) : reading.terms;
    const placeForAnswer = named ?? profileState;
    const stateCode = placeForAnswer?.kind === 'state' ? placeForAnswer.code : undefined;
    // A follow-up with one word of its own or none keeps to the topic's guide.
    const withinGuide = followUp && ownWords.size <= 1;
    const searched = withinGuide ? chosen.filter((p) => p.slug === chosen[0]!.slug) : chosen;
    const keepsTopic = topic?.kind === 'covered' && searched[0]?.slug === topic.guide.slug;
    const matched = closestQuestion(questions(), searched, asking, figure, stateCode, {
      margin: keepsTopic ? topicMargin : 1,
      likelihoods,
      stateAsked: inText.places.length > 0,
    });
    // The guide whose own question the person asked, else the one the search chose.
    const passages = matched
      ? [
          ...chosen.filter((passage) => passage.slug === matched.slug),
          ...chosen.filter((passage) => passage.slug !== matched.slug),
        ]
      : chosen;
    const guide = guides.getGuide(passages[0]!.slug)!;
    // Another country in an immigration or tax question is part of the matter ("8 months in
    // India", "I live in Germany now"): US law still decides it. Elsewhere it is that country's.
    if (outsideUs && !usLawAbroad(guide, text, named)) {
      return { kind: 'abroad', reply: replies.abroad };
    }
    // A field no guide covers, named outright ("can i patent my app"), that this guide does not
    // take up as its own topic: declined, whatever else the question shares with the guide.
    if (uncoveredAreaOf(words(inText.otherWords.join(' ')), takenUpBy(guide))) {
      return { kind: 'not-covered', reply: replies.notCovered };
    }
    const selfHelp =
      placeForAnswer?.kind === 'state' ? selfHelpFor(placeForAnswer.code) : undefined;
    const asked = followUp ? `${context} ${text}` : text;
    return {
      kind: 'covered',
      guide,
      place: placeForAnswer,
      passages,
      followUp,
      question: {
        terms: reading.terms,
        wantsFigure: figureWords.test(asked),
        figure,
        matched,
        stateElsewhere: stateGivenElsewhere(
          questions(),
          chosen,
          asking,
          figure,
          stateCode,
          matched,
        ),
        place: placeForAnswer,
        selfHelp: selfHelp ? { name: selfHelp.name, url: selfHelp.url } : undefined,
      },
    };
  }

  /**
   * What the reply is made of: a short reply that costs nothing, library mode's written answer,
   * or the passages a model answers from (with, for a legal question our guides do not cover,
   * the decline as its first line and no passages).
   */
  function plan(asked: AskedQuestion, withModel: boolean): ReplyPlan {
    const placement = place(asked);
    if (placement.kind !== 'covered') {
      if (placement.kind === 'not-covered' && withModel) {
        return { placement: placement.kind, free: false, firstLine: placement.reply, passages: [] };
      }
      return { placement: placement.kind, free: true, text: placement.reply, passages: [] };
    }
    if (withModel) {
      return { placement: 'covered', free: false, passages: placement.passages.slice(0, 4) };
    }
    // None of the guides' own questions is even near this one: the guide's topic is near, its
    // answer is not. Nearer than that, the guide's closest sentences answer (decision 0152).
    if (
      !placement.question.matched &&
      nearestQuestionScore(questions(), placement) < farFromEvery
    ) {
      const { title, slug } = placement.guide;
      return {
        placement: 'not-covered',
        free: true,
        text: unansweredReply(title, guidePath(slug)),
        passages: [],
      };
    }
    const composed = composeAnswer(placement.guide, placement.question);
    return {
      placement: 'covered',
      free: false,
      text: composed.markdown,
      asksForState: composed.asksForState,
      passages: composed.cited.map((section) => ({
        ...section,
        text: '',
        snippet: '',
        score: 0,
        jurisdiction: placement.guide.jurisdiction,
      })),
    };
  }

  return {
    place,
    plan,
    /** Library mode's answer to a covered question. */
    compose: (placement: Extract<Placement, { kind: 'covered' }>): ComposedAnswer =>
      composeAnswer(placement.guide, placement.question),
    /** Builds what the gate needs (the guides' vocabulary and everyday English) ahead of use. */
    warm: () => {
      gateVocabulary();
      questions();
      for (const guide of documents()) takenUpBy(guide);
    },
    /** The terms the guide-choice model reads (for training it). */
    guideChoiceInput: (text: string) => read(text, null).terms,
    /** The gate's view of a question (for training its model). */
    gateInput: (text: string) => {
      const reading = read(text, null);
      return { features: reading.features, sparse: reading.sparse };
    },
  };
}

export type AnswersService = ReturnType<typeof createAnswersService>;
