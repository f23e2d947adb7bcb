import type { Config } from '../../config.js';
import type { MailMessage } from '../mail/mailer.js';
import { renderEmail } from '../mail/templates.js';

/**
 * Links carry the token in the fragment: browsers never send it to a server, so it stays out of
 * access logs and Referer headers. The page reads it and POSTs it to the API.
 */
export function emailLink(config: Config, page: 'verify-email' | 'reset-password', token: string) {
  return `${config.site.publicUrl}/${page}#token=${token}`;
}

export function verificationEmail(config: Config, to: string, token: string): MailMessage {
  const { productName } = config.site;
  const subject = `Confirm your email for ${productName}`;
  return {
    to,
    subject,
    ...renderEmail({
      productName,
      heading: 'Confirm your email',
      paragraphs: [
        `Welcome to ${productName}. Please confirm that this is your email address to finish creating your account.`,
        'The link works once and expires in 24 hours.',
      ],
      action: { label: 'Confirm email', url: emailLink(config, 'verify-email', token) },
      footer: `You received this email because someone signed up for ${productName} with this address. If it was not you, ignore it: no account is created without confirmation.`,
    }),
  };
}

export function passwordResetEmail(config: Config, to: string, token: string): MailMessage {
  const { productName } = config.site;
  return {
    to,
    subject: `Reset your ${productName} password`,
    ...renderEmail({
      productName,
      heading: 'Reset your password',
      paragraphs: [
        `We received a request to reset the password of your ${productName} account.`,
        'The link works once and expires in 30 minutes. Choosing a new password signs you out everywhere else.',
      ],
      action: { label: 'Choose a new password', url: emailLink(config, 'reset-password', token) },
      footer: 'If you did not ask for this, ignore this email: your password stays the same.',
    }),
  };
}
