import type { z } from 'zod';
import type { contactRequestSchema } from '../../../shared/contact.js';
import type { Config } from '../../config.js';
import type { ModuleDeps } from '../../module-deps.js';
import { renderEmail } from '../mail/templates.js';
import { insertContactMessage, markContactMessage } from './repository.js';

export type ContactInput = z.output<typeof contactRequestSchema>;

const hour = 60 * 60 * 1000;
/** Enough for a person who writes twice; too few for a bot. */
export const contactRateLimits = {
  perIp: { name: 'contact:ip', max: 5, windowMs: hour },
  perEmail: { name: 'contact:email', max: 3, windowMs: hour },
};

/** The contact form's rules. */
export function createContactService(deps: ModuleDeps) {
  return {
    /**
     * Stores a contact message, mails it to the firm's inbox and acknowledges it to the visitor.
     * A filled honeypot is treated as a success by the caller but stores and sends nothing.
     */
    submit: (input: ContactInput, ip: string) => submitContactMessage(deps, input, ip),
  };
}

export type ContactService = ReturnType<typeof createContactService>;

async function submitContactMessage(
  { config, db, mailer, rateLimiter, log }: ModuleDeps,
  input: ContactInput,
  ip: string,
): Promise<void> {
  await rateLimiter.hit(contactRateLimits.perIp, ip);
  if (input.website) {
    log.info('contact form honeypot filled; message dropped');
    return;
  }
  await rateLimiter.hit(contactRateLimits.perEmail, input.email);

  const id = await insertContactMessage(db, {
    name: input.name,
    email: input.email,
    phone: input.phone || null,
    subject: input.subject,
    message: input.message,
    ip,
  });

  // The message is safe in the database; a mail that fails is logged, not shown as a failure.
  let forwarded = false;
  if (config.contactInbox) {
    forwarded = await mailer.send(forwardMail(config, id, input, config.contactInbox)).then(
      () => true,
      (error: unknown) => {
        log.error(
          { err: error, contactMessageId: id },
          'could not mail a contact message to the inbox',
        );
        return false;
      },
    );
  } else {
    log.warn(
      { contactMessageId: id },
      'no contact inbox is configured (CONTACT_INBOX or CONTACT_EMAIL); the message is stored only',
    );
  }
  const acknowledged = await mailer.send(acknowledgmentMail(config, input.email)).then(
    () => true,
    (error: unknown) => {
      log.error({ err: error, contactMessageId: id }, 'could not send a contact acknowledgment');
      return false;
    },
  );
  await markContactMessage(db, id, { forwarded, acknowledged });
}

function forwardMail(config: Config, id: string, input: ContactInput, inbox: string) {
  const lines = [
    `From: ${input.name} <${input.email}>`,
    `Phone: ${input.phone || 'not given'}`,
    `Subject: ${input.subject}`,
  ];
  return {
    to: inbox,
    replyTo: input.email,
    subject: `Contact form: ${input.subject}`,
    ...renderEmail({
      productName: config.site.productName,
      heading: 'A new message from the contact form',
      // renderEmail escapes every paragraph in the HTML part: all of this was typed by a visitor.
      paragraphs: [...lines, ...input.message.split(/\r?\n\s*\r?\n/)],
      footer: `Reply to this email to answer ${input.name}. Message ${id}, received ${new Date().toUTCString()}.`,
    }),
  };
}

/**
 * Deliberately echoes nothing the visitor typed: the form could otherwise be used to send
 * anyone a mail with a stranger's text under our name.
 */
function acknowledgmentMail(config: Config, to: string) {
  const product = config.site.productName;
  return {
    to,
    subject: `We received your message | ${product}`,
    ...renderEmail({
      productName: product,
      heading: 'Thank you for contacting us',
      paragraphs: [
        `We have received your message and a member of the ${product} team will reply to this address as soon as we can.`,
        'Please do not send confidential details of your case by email. If you did not write to us, you can ignore this email.',
      ],
      footer: `You received this email because this address was entered in the contact form at ${config.site.publicUrl}/contact.`,
    }),
  };
}
