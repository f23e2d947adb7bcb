import { z } from 'zod';
import { emailSchema } from './auth.js';
import { multiLineText, nameText, singleLineText, textMessages } from './text.js';

/** Limits of the contact form, shared by the form's inputs and the server's checks. */
export const contactLimits = {
  name: 100,
  phone: 40,
  subject: 150,
  messageMin: 10,
  message: 5000,
} as const;

export const contactMessages = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Your name must be at most ${contactLimits.name} characters.`,
  phoneInvalid: 'Please enter a valid phone number (digits, spaces, +, -, parentheses).',
  subjectRequired: 'Please enter a subject.',
  subjectTooLong: `The subject must be at most ${contactLimits.subject} characters.`,
  messageTooShort: `Please write at least ${contactLimits.messageMin} characters.`,
  messageTooLong: `Your message must be at most ${contactLimits.message} characters.`,
  oneLine: textMessages.oneLine,
  sent: 'Thank you! Your message has been sent. We have emailed you a confirmation and will reply as soon as we can.',
} as const;

// Name and subject go into mail headers: one line only, so nothing can be smuggled into them.
export const contactRequestSchema = z.object({
  name: nameText({
    min: 1,
    max: contactLimits.name,
    tooShort: contactMessages.nameRequired,
    tooLong: contactMessages.nameTooLong,
  }),
  email: emailSchema,
  phone: singleLineText({
    max: contactLimits.phone,
    tooLong: contactMessages.phoneInvalid,
    invalid: contactMessages.phoneInvalid,
  })
    .regex(/^$|^\+?[\d ().-]{5,}$/, contactMessages.phoneInvalid)
    .optional(),
  subject: singleLineText({
    min: 1,
    max: contactLimits.subject,
    tooShort: contactMessages.subjectRequired,
    tooLong: contactMessages.subjectTooLong,
  }),
  message: multiLineText({
    min: contactLimits.messageMin,
    max: contactLimits.message,
    tooShort: contactMessages.messageTooShort,
    tooLong: contactMessages.messageTooLong,
  }),
  /** The honeypot: hidden from people, so only a bot fills it in; never stored or sent. */
  website: z.string().max(500).optional(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;
