import { z } from 'zod';
import { emailSchema } from './auth.js';

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
  oneLine: 'Please keep this on one line.',
  sent: 'Thank you! Your message has been sent. We have emailed you a confirmation and will reply as soon as we can.',
} as const;

// Name and subject go into mail headers: one line only, so nothing can be smuggled into them.
const singleLine = /^[^\r\n]*$/;

export const contactRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, contactMessages.nameRequired)
    .max(contactLimits.name, contactMessages.nameTooLong)
    .regex(singleLine, contactMessages.oneLine),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .max(contactLimits.phone, contactMessages.phoneInvalid)
    .regex(/^$|^\+?[\d\s().-]{5,}$/, contactMessages.phoneInvalid)
    .optional(),
  subject: z
    .string()
    .trim()
    .min(1, contactMessages.subjectRequired)
    .max(contactLimits.subject, contactMessages.subjectTooLong)
    .regex(singleLine, contactMessages.oneLine),
  message: z
    .string()
    .trim()
    .min(contactLimits.messageMin, contactMessages.messageTooShort)
    .max(contactLimits.message, contactMessages.messageTooLong),
  /** The honeypot: hidden from people, so only a bot fills it in. */
  website: z.string().max(500).optional(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;
