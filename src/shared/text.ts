import { z } from 'zod';

/**
 * Text people type, bounded, and without the control characters no one types: PostgreSQL refuses
 * NUL where SQLite stores it, and a line break in a one-line field could end up in a mail header.
 * Every request schema's free text is built here, so both databases answer the same 400
 * (docs/decisions/0069-bounded-text-and-one-mailbox.md).
 */
export const textMessages = {
  oneLine: 'Please keep this on one line.',
  controlCharacters: 'Please remove the invisible control characters from this text.',
} as const;

/** Any control character, and the Unicode line and paragraph separators. */
const anyControl = /[\p{Cc}\u2028\u2029]/u;
/** Control characters other than tab, line feed and carriage return (a textarea sends CR LF). */
const controlButLineBreaks = /(?![\t\n\r])\p{Cc}/u;

export function hasControlCharacters(value: string, { multiLine = false } = {}): boolean {
  return (multiLine ? controlButLineBreaks : anyControl).test(value);
}

interface TextRules {
  /** At most this many characters, after trimming. */
  max: number;
  /** At least this many characters, after trimming (default 0). */
  min?: number;
  tooShort?: string;
  tooLong?: string;
  /** The message when a forbidden character is present. */
  invalid?: string;
}

function boundedText(rules: TextRules, multiLine: boolean) {
  let schema = z.string().trim();
  // abort: a value already refused stops here, so no later check runs on an over-long value.
  if (rules.min) schema = schema.min(rules.min, { error: rules.tooShort, abort: true });
  return schema
    .max(rules.max, { error: rules.tooLong, abort: true })
    .refine(
      (value) => !hasControlCharacters(value, { multiLine }),
      rules.invalid ?? (multiLine ? textMessages.controlCharacters : textMessages.oneLine),
    );
}

/** One line of text (a name, a subject): trimmed, bounded, no control characters at all. */
export function singleLineText(rules: TextRules) {
  return boundedText(rules, false);
}

/** Text that may span lines (a message): trimmed, bounded; tabs and line breaks allowed. */
export function multiLineText(rules: TextRules) {
  return boundedText(rules, true);
}

/** A token from an emailed link: base64url, bounded (the pattern has one class, so it is linear). */
export function linkTokenSchema() {
  return z
    .string()
    .min(20)
    .max(200, { abort: true })
    .regex(/^[A-Za-z0-9_-]+$/);
}
