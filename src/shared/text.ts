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
  invisibleCharacters:
    'Please remove the invisible characters (such as direction marks or zero-width spaces) from this text.',
} as const;

/** Any control character, and the Unicode line and paragraph separators. */
const anyControl = /[\p{Cc}\u2028\u2029]/u;
/** Control characters other than tab, line feed and carriage return (a textarea sends CR LF). */
const controlButLineBreaks = /(?![\t\n\r])\p{Cc}/u;

export function hasControlCharacters(value: string, { multiLine = false } = {}): boolean {
  return (multiLine ? controlButLineBreaks : anyControl).test(value);
}

/**
 * Unicode format characters (Cf): they show nothing yet change what is shown around them. A
 * right-to-left override makes "gnp.exe" read "exe.png"; zero-width spaces and joiners make two
 * names that look alike differ. A name shown to people (a conversation's title, a profile name)
 * holds none.
 */
const formatCharacter = /\p{Cf}/u;

export function hasInvisibleCharacters(value: string): boolean {
  return formatCharacter.test(value);
}

/**
 * A name taken from text we do not refuse (the first question, an identity provider's profile)
 * made fit to show: format characters dropped, control characters and line breaks made spaces,
 * runs of white space made one.
 */
export function visibleName(value: string): string {
  return value
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\u2028\u2029\s]+/gu, ' ')
    .trim();
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
  return schema.max(rules.max, { error: rules.tooLong, abort: true }).refine(
    (value) => !hasControlCharacters(value, { multiLine }),
    // abort: one message for one mistake (a name's invisible-character check runs after).
    {
      error: rules.invalid ?? (multiLine ? textMessages.controlCharacters : textMessages.oneLine),
      abort: true,
    },
  );
}

/** One line of text (a name, a subject): trimmed, bounded, no control characters at all. */
export function singleLineText(rules: TextRules) {
  return boundedText(rules, false);
}

/**
 * A name people will see (a conversation's title, a given or family name): one line of text, and
 * no invisible format characters either (right-to-left overrides, zero-width spaces).
 */
export function nameText(rules: TextRules) {
  return boundedText(rules, false).refine(
    (value) => !hasInvisibleCharacters(value),
    rules.invalid ?? textMessages.invisibleCharacters,
  );
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
