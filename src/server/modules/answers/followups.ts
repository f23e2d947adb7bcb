// Reading a question in its conversation: whether it leans on the questions before it ("what
// about Texas?"), keeps to their topic, changes the subject, or asks the same again for another
// place. Decision 0152.
import type { GuidePassage } from '../../../shared/guides.js';
import { expandQuery } from '../guides/search-index.js';
import { commonInGuides, legalLean, type GateVocabulary, type QuestionReading } from './gate.js';

/** "What about Texas?", "and if I was fired?": a question that leans on the one before it. */
const followUpStart =
  /^\s*(?:and|but|what about|how about|what if|also|same|ok(?:ay)? (?:and|what|how)|so what|then|in|for)\b/i;
/** "What if…", "and if…", "but…": a question that says it goes on from the one before. */
export const saysItGoesOn =
  /^\s*(?:and|but|what if|what about|how about|ok(?:ay)? (?:and|what|how)|so what)\b/i;
const backReference =
  /\b(?:it|its|that|this|they|them|there|those|these|same|instead|too|also|btw|fyi)\b/i;
/**
 * A pronoun that stands for the topic before, or someone in it ("does it", "file that?", "how long
 * does he have"), not "this weekend".
 */
const pointsBack = /\b(?:it|its|they|them|he|she|him)\b|\bthat[\s?.!]*$/i;

/**
 * Not a change of subject: a question that says it goes on ("what if…", "and…"), has no words
 * of its own, points back at the topic with nothing of its own the guides cover, or has a word
 * the law uses more than everyday talk. "How far is it to San
 * Francisco?" after a small-claims question is about something else.
 */
export function continuesTopic(
  text: string,
  reading: QuestionReading,
  vocabulary: GateVocabulary,
  earlierStates: readonly string[] = [],
  coveredAlone = true,
) {
  if (followUpStart.test(text) || reading.ownTerms.length === 0) return true;
  // "How many weeks does it have to run?": it points back (to the topic, or to the place named
  // before), names no place, and our guides do not answer it alone.
  if (
    !coveredAlone &&
    reading.places.length === 0 &&
    reading.ownTerms.length <= 4 &&
    // "How long do I have to live there first?" after a California question: "there" is it.
    (pointsBack.test(text) || (earlierStates.length > 0 && /\bthere\b/i.test(text)))
  )
    return true;
  // "How long?", "who do I call?": no word of a topic of its own, only words most guides use.
  const common = commonInGuides * vocabulary.guideTerms.size;
  if (
    !coveredAlone &&
    reading.ownTerms.every((term) => (vocabulary.guideFrequency.get(term) ?? 0) >= common)
  )
    return true;
  // "How does it work in NY?" after a Texas question: the same thing, asked for another state.
  const states = reading.places.flatMap((place) => (place.kind === 'state' ? [place.code] : []));
  if (
    states.length === 1 &&
    !earlierStates.includes(states[0]!) &&
    reading.ownTerms.length <= 1 &&
    backReference.test(text)
  )
    return true;
  return reading.ownTerms.some((term) => (legalLean(vocabulary, term) ?? 0) >= topicLean);
}
/** How much more the guides use a word than everyday English, for it to keep to the law. */
const topicLean = 1.2;

/** A word in this share of the guides or more says nothing of a topic ("state", "keep"). */
const everyGuide = 0.9;
/** How much the earlier question's words weigh in a follow-up's match. */
const earlierWeight = 0.35;

/** The words of a follow-up and of the question before it, the follow-up's own weighing most. */
export function followUpTerms(combined: Map<string, number>, own: Map<string, number>) {
  const terms = new Map(
    [...combined].map(([term, weight]) => [term, own.get(term) ?? weight * earlierWeight]),
  );
  // Its own words the reading of the two together left out ("$20") count too.
  for (const [term, weight] of own) if (!terms.has(term)) terms.set(term, weight);
  return terms;
}

/**
 * The question brings words of a topic of its own, and the topic's guide uses none of them ("but
 * can my boss fire me for being pregnant" after a deposit question): another subject, whatever
 * its first word. Words most guides use ("file", "long") name no topic, nor do everyday words
 * ("and if I have them half the time").
 */
export function leavesGuide(vocabulary: GateVocabulary, reading: QuestionReading, slug: string) {
  const terms = vocabulary.guideAndAskedTerms.get(slug);
  const common = commonInGuides * vocabulary.guideTerms.size;
  const distinctive = reading.ownTerms.filter(
    (term) =>
      (vocabulary.guideFrequency.get(term) ?? 0) < common &&
      (legalLean(vocabulary, term) ?? 0) >= topicLean,
  );
  return (
    terms !== undefined && distinctive.length > 0 && distinctive.every((term) => !terms.has(term))
  );
}

/** "What if…", "what about…": the case before, changed. */
const asksAboutCase = /^\s*(?:what|how) (?:if|about)\b/i;

/**
 * The question is read with the ones before it when it goes on from them (continuesTopic), takes
 * up a word of theirs while not covered alone, or is one or two words of the topic's; and does
 * not bring a subject of its own: "but can my boss fire me…" after a deposit question, or, unless
 * it says it goes on ("what if…", "and…"), any word the topic leaves out (bringsNoSubject).
 */
export function leansOnEarlier(
  vocabulary: GateVocabulary,
  text: string,
  reading: QuestionReading,
  {
    earlierStates,
    coveredAlone,
    topic,
    earlierTerms,
  }: {
    earlierStates: readonly string[];
    /** The gate covers the question read alone. */
    coveredAlone: boolean;
    /** The guide the questions before it are about (read only when needed). */
    topic: () => string | undefined;
    /** The terms of the questions before it (read only when needed). */
    earlierTerms: () => ReadonlySet<string>;
  },
): boolean {
  // Not covered alone, it takes up a word of the topic before ("do I get extra calls…" after
  // "how many calls do I get"): one the guides use, and not nearly all of them.
  const every = everyGuide * vocabulary.guideTerms.size;
  const sharesWord =
    !coveredAlone &&
    reading.ownTerms.some((term) => {
      const guides = vocabulary.guideFrequency.get(term) ?? 0;
      return guides > 0 && guides < every && earlierTerms().has(term);
    });
  // One or two words of the law's kind, all of them words of the topic's guide or of the ways
  // people ask its questions ("who gets the house" after a divorce question): the topic's, though
  // they may name another guide's topic alone. "How far is it to San Francisco?" is not.
  const fewWordsOfTopic = () => {
    const slug = reading.ownTerms.length <= 2 ? topic() : undefined;
    const terms = slug === undefined ? undefined : vocabulary.guideAndAskedTerms.get(slug);
    return (
      terms !== undefined &&
      reading.ownTerms.every(
        (term) => terms.has(term) && (legalLean(vocabulary, term) ?? 0) >= topicLean,
      )
    );
  };
  if (
    !sharesWord &&
    !continuesTopic(text, reading, vocabulary, earlierStates, coveredAlone) &&
    !fewWordsOfTopic()
  )
    return false;
  if (!asksAboutCase.test(text) && coveredAlone) {
    const slug = topic();
    if (slug !== undefined && leavesGuide(vocabulary, reading, slug)) return false;
  }
  if (saysItGoesOn.test(text) || reading.ownTerms.length === 0) return true;
  // Short, legal, or sharing a word: it still goes on only if every word of its own is one the
  // topic's guide uses or most guides use ("what's the best food court in Columbus" after a
  // divorce question is about lunch; "how do I make a deposit at Chase" after a deposit one, banking).
  const slug = topic();
  return slug !== undefined && bringsNoSubject(vocabulary, reading, slug);
}

/**
 * No word of its own names a subject the topic leaves out: each is one the topic's guide or the
 * ways people ask its questions use, itself or through a synonym ("kids", "remarry"), or one
 * many guides use ("instead", "next week"), or one no guide uses at all (slang, typos). "Chase",
 * "ATM" and "DMV" each stand in a few guides only, not the topic's.
 */
function bringsNoSubject(vocabulary: GateVocabulary, reading: QuestionReading, slug: string) {
  const terms = vocabulary.guideAndAskedTerms.get(slug);
  const few = fewGuides * vocabulary.guideTerms.size;
  return (
    terms !== undefined &&
    reading.ownTerms.every((term) => {
      const guides = vocabulary.guideFrequency.get(term) ?? 0;
      if (terms.has(term) || guides === 0 || guides >= few) return true;
      const { terms: expanded, own } = expandQuery(term);
      return expanded.slice(own).some((synonym) => terms.has(synonym));
    })
  );
}
/** A word in fewer than this share of the guides names a subject of its own. */
const fewGuides = 0.1;

/**
 * A follow-up asks what was asked before, for another place or case ("and in California state
 * court?", "what if it's 3 kids?"), when it brings no word of its own beyond numbers and words
 * nearly every guide uses.
 */
export function asksSameAgain(
  vocabulary: GateVocabulary,
  own: Map<string, number>,
  before: Map<string, number>,
) {
  const every = everyGuide * vocabulary.guideTerms.size;
  return [...own.keys()].every(
    (term) =>
      before.has(term) || /^\d+$/.test(term) || (vocabulary.guideFrequency.get(term) ?? 0) >= every,
  );
}

/** The passages of the topic's guide first, when the search found it. */
export function topicFirst(passages: GuidePassage[], slug: string | undefined): GuidePassage[] {
  return slug === undefined || !passages.some((passage) => passage.slug === slug)
    ? passages
    : [
        ...passages.filter((passage) => passage.slug === slug),
        ...passages.filter((passage) => passage.slug !== slug),
      ];
}
