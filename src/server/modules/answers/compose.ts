// Library mode's answer: made only of the guide's own sentences, the direct answer first. The
// first paragraph states the rule for the person's place (a fact from the guide's front matter
// when it has one for that place), each sentence cited; then what to do, from the guide's steps;
// then when to see a lawyer, from the guide's own section. Decisions 0111 and 0114.
import type { GuideDocument, GuideFact } from '../../../shared/guides.js';
import { askStateLine } from '../../../shared/chat.js';
import { createCiter, sectionHolding, type CitedSection, type Citer } from './citations.js';
import { figuresIn, type FigureKind } from './figures.js';
import { leavesFigureToStates, selfHelpLine } from './missing-figures.js';
import {
  isStateFact,
  lexicalFirst,
  rankSentences,
  stateSentence,
  statesIn,
  wholeStateRule,
  words,
} from './lexical.js';
import type { Place } from './places.js';
import type { QuestionMatch } from './questions.js';
import { sentencesOf, splitSentences, type GuideSentence } from './sentences.js';

export type { CitedSection } from './citations.js';

export interface ComposedAnswer {
  markdown: string;
  /** The sections cited, in the order of their numbers ([1] is the first). */
  cited: CitedSection[];
  /** The rule differs by state and the state is not known: the person is asked for it. */
  asksForState: boolean;
  /** The state the answer is for, when it gives a state's figure. */
  answeredFor: string | null;
}

export interface AnswerQuestion {
  /** The question's search terms, each with its weight (the person's words 1, synonyms less). */
  terms: Map<string, number>;
  /** How long, how much, how many, when, a deadline or a limit: a figure is wanted. */
  wantsFigure: boolean;
  /** Which kind of figure, when the question says. */
  figure?: FigureKind | undefined;
  place: Place | undefined;
  /** Where the self-help site of the person's state is, when the guides have no figure for it. */
  selfHelp?: { name: string; url: string } | undefined;
  /** Another guide gives the person's state's rule near this question: not "we do not give it". */
  stateElsewhere?: boolean;
  /** The guide's own question that this one asks, when one is close enough. */
  matched?: QuestionMatch | undefined;
}

/** The answer's first paragraph, sentence by sentence, and what it decided. */
export interface FirstParagraph {
  sentences: string[];
  /** The guide sentences quoted in it (not repeated in the steps). */
  used: Set<string>;
  asksForState: boolean;
  answeredFor: string | null;
  /** The figure varies by state and the guide's facts do not give the person's. */
  missingForState?: boolean;
  /** It is the guide's answer to its question as written: no state's rule, no fact. */
  ownAnswerOnly?: boolean;
}

export const libraryLabel =
  "_Written from our guides' own words: no AI model is configured, and this is general legal information, not legal advice._";

/** Quotes a sentence of the guide's text, cited to the section that holds it. */
function quoteHeld(guide: GuideDocument, { quote }: Citer, text: string): string | undefined {
  const section = sectionHolding(guide, text);
  return section ? quote({ text, anchor: section.anchor, heading: section.heading }) : undefined;
}

/**
 * The first paragraph from the guide's own question: its answer, or, when the figure is set state
 * by state, the fact for the person's state; for a state the facts do not give, a plain "our
 * guides do not give this figure" with the state's self-help site; with no state, the general
 * rule, one state's figure as an example, and a question for the state.
 */
function matchedFirst(
  guide: GuideDocument,
  question: AnswerQuestion,
  match: QuestionMatch,
  citer: Citer,
  help: string,
): FirstParagraph | undefined {
  const state = question.place?.kind === 'state' ? question.place : undefined;
  const { answer, fact: kind } = match.question;
  const facts = kind ? guide.facts.filter((fact) => fact.kind === kind) : [];
  const out: FirstParagraph = {
    sentences: [],
    used: new Set(),
    asksForState: false,
    answeredFor: null,
  };
  const say = (text: string) => {
    // Said already (a fact that is also the answer): not again.
    if ([...out.used].some((used) => used.includes(text))) return true;
    const quoted = quoteHeld(guide, citer, text);
    if (!quoted) return false;
    out.sentences.push(quoted);
    out.used.add(text);
    return true;
  };
  const factFor = (jurisdiction: string): GuideFact | undefined =>
    facts.find((fact) => fact.jurisdiction === jurisdiction);
  const own = state ? factFor(`US-${state.code}`) : undefined;
  const federal = factFor('US');
  // The guide's text may give the state's rule outside its facts ("In California, …").
  // A question about the person's own state is answered by its own sentence.
  const stateRule =
    state && !own && !match.forState ? stateSentence(sentencesOf(guide), question) : undefined;
  if (stateRule) {
    const rule = wholeStateRule(guide, stateRule, state!.code);
    out.sentences.push(citer.quote(rule));
    out.used.add(rule.text);
    out.answeredFor = `US-${state!.code}`;
    if (
      facts.length === 0 &&
      words(answer) <= 30 &&
      !rule.text.includes(answer) &&
      splitSentences(rule.text).length + splitSentences(answer).length <= firstParagraphSentences
    )
      say(answer);
  } else if (own) {
    if (!say(own.text)) return undefined;
    out.answeredFor = own.jurisdiction;
  } else if (federal) {
    if (!say(federal.text)) return undefined;
  } else if (
    state &&
    ((facts.length > 0 && (question.figure !== undefined || question.wantsFigure)) ||
      (!question.stateElsewhere && leavesFigureToStates(answer, question.figure)))
  ) {
    out.sentences.push(`Our guides do not give this figure for ${state.name}.${help}`);
    out.missingForState = true;
    if (!say(answer)) return undefined;
  } else if (facts.length > 0 && !state) {
    if (!say(answer)) return undefined;
    // One state's figure as an example: another than the answer's own.
    const example = facts.find((fact) => !answer.includes(fact.text)) ?? facts[0]!;
    say(example.text);
    out.asksForState = true;
  } else if (!say(answer)) {
    return undefined;
  }
  out.ownAnswerOnly = !kind && !stateRule;
  return out;
}

/**
 * Two of the guide's questions fit nearly as well: the first paragraph answers both, when the
 * second's answer is short, not another state's rule, and fits in the paragraph, and the first
 * is the guide's own answer or not a sure match.
 */
function addNextAnswer(
  guide: GuideDocument,
  match: QuestionMatch,
  first: FirstParagraph,
  citer: Citer,
) {
  const next = match.next;
  if (
    !next ||
    // A state's figure or a fact stands alone, unless the guide's question is not a sure match.
    (!first.ownAnswerOnly &&
      (match.score >= sureMatch || first.asksForState || first.missingForState)) ||
    next.question.fact ||
    (!next.forState && /\bIn [A-Z]/.test(next.question.answer)) ||
    words(next.question.answer) > 35 ||
    sentenceCount(first) + splitSentences(next.question.answer).length > firstParagraphSentences
  )
    return;
  const quoted = quoteHeld(guide, citer, next.question.answer);
  if (!quoted) return;
  first.sentences.push(quoted);
  first.used.add(next.question.answer);
}

/** The direct answer is at most this many sentences, unless the guide's own answer is longer. */
const firstParagraphSentences = 3;

/** How many sentences the first paragraph holds so far. */
const sentenceCount = (first: FirstParagraph) =>
  first.sentences.reduce(
    (count, sentence) => count + splitSentences(sentence.replace(/\s*\[\d+\]/g, '')).length,
    0,
  );

/** A guide question this close (0 to 1) answers alone; less close, its closest sentence is added. */
const sureMatch = 0.6;
/** A sentence that leans on the one before it does not stand alone in a first paragraph. */
const leansOnBefore = /^(?:This|That|These|Those|It|They|Then|So|But|And|Also|Or|Here|There)\b/;

/**
 * Adds the guide's sentence that shares most of the person's words (lexical.ts), when it stands
 * alone, is short, says something the paragraph does not, is not another state's rule, and is
 * not the "when to see a lawyer" line the answer ends with.
 */
function addClosestSentence(
  guide: GuideDocument,
  sentences: GuideSentence[],
  question: AnswerQuestion,
  first: FirstParagraph,
  citer: Citer,
) {
  const state = question.place?.kind === 'state' ? question.place.name : undefined;
  const said = [...first.used];
  const saidFigures = new Set(said.flatMap(figuresIn));
  // A sentence whose every figure is said already says the same fact again.
  const repeats = (text: string) => {
    const figures = figuresIn(text);
    return figures.length > 0 && figures.every((figure) => saidFigures.has(figure));
  };
  const closest = rankSentences(sentences, question).find(
    ({ sentence: { text }, sentence }) =>
      sentence.anchor !== 'when-to-see-a-lawyer' &&
      // Short paragraph leads are labels ("What a statute of limitations is.").
      words(text) >= (sentence.leads ? 8 : 6) &&
      words(text) <= 25 &&
      !repeats(text) &&
      !leansOnBefore.test(text) &&
      sentenceCount(first) + splitSentences(text).length <= firstParagraphSentences &&
      !said.some((used) => used.includes(text) || text.includes(used)) &&
      !isStateFact(guide, sentence, question.place) &&
      statesIn(sentence).every((name) => name === state),
  );
  if (!closest) return;
  first.sentences.push(citer.quote(closest.sentence));
  first.used.add(closest.sentence.text);
}

/** A long sentence read as two where the guide joins two with a semicolon: same words. */
const shorter = (sentence: string) =>
  sentence.replace(/; ([a-z])/g, (_, letter: string) => `. ${letter.toUpperCase()}`);

export function composeAnswer(guide: GuideDocument, question: AnswerQuestion): ComposedAnswer {
  let citer = createCiter(guide);
  const sentences = sentencesOf(guide);
  const state = question.place?.kind === 'state' ? question.place : undefined;
  const help = state && question.selfHelp ? selfHelpLine(state.name, question.selfHelp) : '';
  let first = question.matched
    ? matchedFirst(guide, question, question.matched, citer, help)
    : undefined;
  if (!first || first.missingForState) {
    // The guide's text may still state the person's state's rule outside its facts.
    const lexicalCiter = createCiter(guide);
    const lexical = lexicalFirst(guide, sentences, question, lexicalCiter, help);
    if (!first || lexical.answeredFor) [first, citer] = [lexical, lexicalCiter];
  }
  const { matched } = question;
  if (matched) addNextAnswer(guide, matched, first, citer);
  // Not sure of the guide's question: the guide's sentence closest to the person's words too.
  const unsure = matched && matched.score < sureMatch;
  if (
    unsure &&
    !first.asksForState &&
    !first.missingForState &&
    sentenceCount(first) < firstParagraphSentences
  )
    addClosestSentence(guide, sentences, question, first, citer);
  if (first.asksForState) first.sentences.push(askStateLine);

  // The first sentence of each numbered step: its bold lead.
  const leads = sentences
    .filter(
      (sentence) =>
        sentence.anchor === 'steps-to-take' &&
        sentence.listItem &&
        sentence.leads &&
        words(sentence.text) <= 30 &&
        !first.used.has(sentence.text),
    )
    .slice(0, 5);
  const lawyer = sentences.find((sentence) => sentence.anchor === 'when-to-see-a-lawyer');

  const parts = [first.sentences.map(shorter).join(' ')];
  if (leads.length > 0) {
    parts.push(
      `**What to do**\n\n${leads.map((lead, i) => `${i + 1}. ${citer.quote(lead)}`).join('\n')}`,
    );
  }
  if (lawyer) parts.push(`**When to see a lawyer:** ${citer.quote(lawyer)}`);
  parts.push(libraryLabel);
  return {
    markdown: parts.join('\n\n'),
    cited: citer.cited,
    asksForState: first.asksForState,
    answeredFor: first.answeredFor,
  };
}
