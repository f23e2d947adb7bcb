import { z } from 'zod';
import { emailSchema } from './auth.js';
import { linkTokenSchema } from './text.js';

export const newsletterMessages = {
  /** The one answer to every subscription request, so it never tells who is subscribed. */
  checkInbox: 'Check your inbox to confirm your subscription.',
  confirmed: 'Your subscription is confirmed. Thank you for subscribing!',
  unsubscribed: 'You have been unsubscribed. You will not receive our newsletter any more.',
  linkInvalid:
    'This link is invalid or has expired. Please subscribe again from the form at the bottom of any page.',
  unsubscribeInvalid:
    'This unsubscribe link is not valid. Please contact us and we will remove your address.',
  noToken: 'This link is incomplete. Please open the link from the email again.',
} as const;

export const newsletterSubscribeSchema = z.object({
  email: emailSchema,
  /** The honeypot: hidden from people, so only a bot fills it in. */
  website: z.string().max(500).optional(),
});
export type NewsletterSubscribeRequest = z.input<typeof newsletterSubscribeSchema>;

/** A token from a newsletter link (confirm or unsubscribe). */
export const newsletterTokenSchema = z.object({ token: linkTokenSchema() });

/** The newsletter module's error codes; part of ErrorCode. */
export const newsletterErrorCodes = ['newsletter.link_invalid'] as const;
