// Flesch-Kincaid grade of plain English text: how the content check holds guides to grade 8, and
// how the answers' evaluation grades a first paragraph. Used by tests and tools, not at run time.
import { fleschKincaid } from 'flesch-kincaid';
import { syllable } from 'syllable';

/** Sentences end at ., ! or ? followed by a space or the end; list items and lines count as sentences. */
function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[a-z]/i.test(sentence));
}

/** The grade (US school year) at which a reader follows the text; NaN for text without words. */
export function readingGrade(text: string): number {
  const sentences = sentencesOf(text);
  // Figures, citations and addresses are read as they are, not syllable by syllable.
  const words = sentences.flatMap((sentence) =>
    sentence
      .replace(/https?:\/\/\S+/g, ' ')
      .split(/\s+/)
      .map((word) => word.replace(/[^a-z'-]/gi, ''))
      .filter((word) => /[a-z]/i.test(word)),
  );
  if (words.length === 0) return Number.NaN;
  return fleschKincaid({
    sentence: sentences.length,
    word: words.length,
    syllable: words.reduce((total, word) => total + syllable(word), 0),
  });
}
