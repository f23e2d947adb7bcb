// Library mode's answer: made only of the guide's own sentences, the direct answer first. The
// first paragraph states the rule for the person's place (a fact from the guide's front matter
// when it has one for that place), each sentence cited; then what to do, from the guide's steps;
// then when to see a lawyer, from the guide's own section. Decision 0111.
import type { GuideDocument } from '../../../shared/guides.js';
import { askStateLine } from '../../../shared/chat.js';
import { regionsByCountry } from '../../../shared/jurisdictions.js';
import type { Place } from './places.js';
import { sentencesOf, type GuideSentence } from './sentences.js';

export interface CitedSection {
  slug: string;
  guideTitle: string;
  anchor: string;
  heading: string;
}

export interface ComposedAnswer {
  markdown: string;
  /** The sections cited, in the order of their numbers ([1] is the first). */
  cited: CitedSection[];
  /** The rule differs by state and the state is not known: the person is asked for it. */
  asksForState: boolean;
  /** The state the answer is for, when it gives a state's figure. */
  answeredFor: string | null;
}

/** The kind of figure a question asks for, read from how it asks. */
export type FigureKind = 'duration' | 'money' | 'count' | 'age' | 'any';

const figurePatterns: Record<Exclude<FigureKind, 'any'>, RegExp> = {
  duration:
    /\b(?:\d+(?:st|nd|rd|th)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|sixty|ninety)[- ](?:calendar |business |working )?(?:days?|weeks?|months?|years?|hours?)\b|\b(?:immediately|next (?:regular )?payday)\b/i,
  money:
    /\$\s?\d|\b\d+(?:\.\d+)?\s?(?:percent|%)|\b(?:one|two|three|half|one and a half) months?'? rent\b|\btwice\b|\bthree times\b/i,
  count: /\b\d+\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\b/i,
  age: /\b\d{2}\b|\bage\b/i,
};

/** "How long" wants a duration, "how much" an amount, "how many" a number, "what age" an age. */
export function figureKindOf(question: string): FigureKind | undefined {
  const text = question.toLowerCase();
  if (/\b(?:what|which) age\b|\bhow old\b|\buntil what age\b|\btill what age\b/.test(text))
    return 'age';
  // Two plain tests rather than one pattern with a gap between them: linear on any text.
  const asksWhen =
    /\bwhen (?:is|are|do|does|must|should|were|was|will|can|am)\b/.test(text) &&
    /\b(?:due|back|paid|pay|file|expire|expires|end|ends|send|return|supposed)\b/.test(text);
  if (
    asksWhen ||
    /\bhow (?:long|soon|fast|quickly|late|early)\b|\bhow much (?:notice|time)\b|\bdeadline\b|\btime limit\b|\bstatute of limitations?\b|\bhow many (?:days|weeks|months|years|hours)\b/.test(
      text,
    )
  )
    return 'duration';
  if (
    /\bhow much\b|\bmax(?:imum)?\b|\bmost\b|\blimit\b|\bcap\b|\bminimum\b|\bcost\b|\bfees?\b|\bpercent|\brate\b|\bwhat can i get\b/.test(
      text,
    )
  )
    return 'money';
  if (/\bhow many\b/.test(text)) return 'count';
  return undefined;
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
}

export const libraryLabel =
  "_Written from our guides' own words: no AI model is configured, and this is general legal information, not legal advice._";

const stateNames = regionsByCountry.US!.regions.map((region) => region.name);
const stateMentions = new Map(stateNames.map((name) => [name, new RegExp(`\\b${name}\\b`)]));

function statesInText(text: string): string[] {
  return stateNames.filter((name) => text.includes(name) && stateMentions.get(name)!.test(text));
}

/** The states a sentence is about: those it names, and its list item's state. */
function statesIn(sentence: Pick<GuideSentence, 'text' | 'place'>): string[] {
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

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A statute or rule named in brackets: the cited passage names it, the answer need not. */
const lawInBrackets =
  /\s*\((?=[^()]*(?:\bsection|\bsections|\bCode\b|\bLaw\b|\bAct\b|\bCFR\b|U\.S\.C\.|\bRule\b|\bStat\b|§))[^()]{1,160}\)/g;

/** A quoted sentence as it reads in an answer: one line, without bracketed statute names. */
function plain(text: string): string {
  return text.replace(/\s+/g, ' ').replace(lawInBrackets, '').trim();
}

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
function isStateFact(guide: GuideDocument, sentence: GuideSentence, state: Place | undefined) {
  const code = state?.kind === 'state' ? `US-${state.code}` : undefined;
  return guide.facts.some(
    (fact) =>
      fact.jurisdiction !== 'US' &&
      fact.jurisdiction !== code &&
      plain(fact.text).includes(plain(sentence.text).slice(0, 60)),
  );
}

export function composeAnswer(guide: GuideDocument, question: AnswerQuestion): ComposedAnswer {
  const cited: CitedSection[] = [];
  const cite = (anchor: string, heading: string) => {
    let index = cited.findIndex((section) => section.anchor === anchor);
    if (index < 0) {
      cited.push({ slug: guide.slug, guideTitle: guide.title, anchor, heading });
      index = cited.length - 1;
    }
    return `[${index + 1}]`;
  };
  const placed = new Set<string>();
  const quote = (sentence: Pick<GuideSentence, 'text' | 'anchor' | 'heading' | 'place'>) => {
    const text = plain(sentence.text).replace(/[:;]$/, '.');
    const where =
      sentence.place && !text.includes(sentence.place) && !placed.has(sentence.place)
        ? `${sentence.place}: `
        : '';
    if (sentence.place) placed.add(sentence.place);
    return `${where}${text} ${cite(sentence.anchor, sentence.heading)}`;
  };

  const sentences = sentencesOf(guide);
  const weights = termWeights(sentences, question);
  const ranked = sentences
    // A fragment that goes on from a lead-in ("be paid at least …") cannot stand first.
    .filter((sentence) => /^["“(]?[A-Z0-9$]/.test(sentence.text))
    .map((sentence) => ({ sentence, score: scoreSentence(sentence, weights, question) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)
    .filter(
      (entry, i, all) =>
        all.findIndex((other) => other.sentence.text === entry.sentence.text) === i,
    );
  const state = question.place?.kind === 'state' ? question.place : undefined;

  const first: string[] = [];
  const used = new Set<string>();
  let asksForState = false;
  let answeredFor: string | null = null;
  const general = ranked.find((entry) => statesIn(entry.sentence).length === 0);
  const help =
    state && question.selfHelp
      ? ` ${state.name}'s courts explain it on [${question.selfHelp.name}](${question.selfHelp.url}).`
      : '';
  const topScore = ranked[0]?.score ?? 0;
  // With a state known, its own sentence comes first if it answers nearly as well as the best.
  const stateBest = state
    ? ranked.find(
        (entry) => entry.score >= topScore * 0.4 && statesIn(entry.sentence).includes(state.name),
      )
    : undefined;
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
  const push = (sentence: GuideSentence) => {
    first.push(quote(sentence));
    used.add(sentence.text);
  };
  if (best) {
    if (stateBest) {
      push(stateBest.sentence);
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
  if (asksForState) first.push(askStateLine);

  // The first sentence of each numbered step: its bold lead.
  const leads = sentences
    .filter(
      (sentence) =>
        sentence.anchor === 'steps-to-take' &&
        sentence.listItem &&
        sentence.leads &&
        words(sentence.text) <= 30 &&
        !used.has(sentence.text),
    )
    .slice(0, 5);
  const lawyer = sentences.find((sentence) => sentence.anchor === 'when-to-see-a-lawyer');

  const parts = [first.join(' ')];
  if (leads.length > 0) {
    parts.push(
      `**What to do**\n\n${leads.map((lead, i) => `${i + 1}. ${quote(lead)}`).join('\n')}`,
    );
  }
  if (lawyer) parts.push(`**When to see a lawyer:** ${quote(lawyer)}`);
  parts.push(libraryLabel);
  return { markdown: parts.join('\n\n'), cited, asksForState, answeredFor };
}
