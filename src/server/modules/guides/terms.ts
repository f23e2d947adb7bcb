// How text becomes search terms, the same way for the guides and for what people type: lower
// case, apostrophes dropped, common words skipped, English (Porter) stems.
import { stemmer } from 'stemmer';

/** Words too common to tell one guide from another. "will" is not among them: it is a topic. */
const stopWords = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being ' +
    'below between both but by can cant could did didnt do does doesnt doing dont down during each ' +
    'few for from further get gets getting got had has have having he her here hers herself him ' +
    'himself his how i if im in into is isnt it its itself ive just me more most my myself no nor ' +
    'not now of off on once only or other our ours ourselves out over own same she should so some ' +
    'such than that thats the their theirs them themselves then there these they this those ' +
    'through to too under until up us very was wasnt we were what whats when where which while ' +
    'who whom why with wont would you your yours yourself yourselves also ok okay please help ' +
    'hi hello thanks need want know like really still even much many way one ones btw fyi lol ' +
    'tbh pls plz'
  ).split(' '),
);

/** A unit shortened after a number ("$18/hr", "47 hrs", "6 wks"): "hr" alone may be HR. */
const unitAfterNumber = /(\d\s*|\d\s*\/\s*|\bper\s+)(hrs?|wks?|yrs?|mos)\b/g;
const unitWords: Record<string, string> = {
  hr: 'hour',
  hrs: 'hours',
  wk: 'week',
  wks: 'weeks',
  yr: 'year',
  yrs: 'years',
  mos: 'months',
};

/**
 * A time of day ("7:15am", "8 a.m.", "9pm", "7 o'clock") reads as its hour and "oclock": the
 * guides' "before 8 a.m." and a person's "at 7:15am" then share a term.
 */
const timeOfDay = /\b(\d{1,2})(?::\d{2})?\s?(?:[ap]\.?\s?m\b\.?|o'?clock\b)/g;

/**
 * "Will" beside a pronoun is the verb ("how much will I get", "it will"), not the document: it
 * is dropped, so it does not point at the wills guide.
 */
const willAsAVerb =
  /\b(?:will (?=(?:i|you|u|he|she|it|we|they)\b)|(i|you|u|he|she|it|we|they) will\b)/g;

/**
 * Numbers written as words read as digits: "four children" and "4 kids" share a term. Not "one",
 * which more often means "a" ("in one year", "one of them").
 */
const numberWords = new Map(
  'two three four five six seven eight nine ten eleven twelve'
    .split(' ')
    .map((word, i) => [word, String(i + 2)]),
);

/**
 * Splits text into lower-case words (letters and digits), apostrophes dropped ("don't" ->
 * "dont"); a form's letter stays with its number ("N-400", "n400" -> "n400"; "I-94" -> "i94").
 */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/['\u2019]/g, '')
      .replace(/%/g, ' percent ')
      .replace(timeOfDay, '$1 oclock')
      .replace(willAsAVerb, '$1')
      .replace(unitAfterNumber, (_, before: string, unit: string) => `${before}${unitWords[unit]}`)
      .replace(/\b([a-z])-(\d{1,4}[a-z]?)\b/g, '$1$2')
      .match(/[a-z0-9]+/g)
      ?.map((word) => numberWords.get(word) ?? word) ?? []
  );
}

/** Words already stemmed: the guides' words and what people ask recur, and stemming is costly. */
const stemmed = new Map<string, string | null>();
/**
 * Enough for the guides' words and many more (a few megabytes at most); past it, or for a longer
 * word, a word is stemmed each time.
 */
const stemmedMax = 100_000;
const stemmedLength = 24;

/** A word's search term, or null for a word search ignores. */
export function termOf(word: string): string | null {
  const known = stemmed.get(word);
  if (known !== undefined) return known;
  const term =
    word.length < 2 && !/\d/.test(word) ? null : stopWords.has(word) ? null : stemmer(word);
  if (stemmed.size < stemmedMax && word.length <= stemmedLength) stemmed.set(word, term);
  return term;
}

/** The search terms of a text, in order. */
export function termsOf(text: string): string[] {
  return words(text)
    .map(termOf)
    .filter((term): term is string => term !== null);
}
