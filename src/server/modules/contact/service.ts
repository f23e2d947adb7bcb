import type { z } from 'zod';
import type { contactRequestSchema } from '../../../shared/contact.js';
import type { Config } from '../../config.js';
import { inTransaction } from '../../db/database.js';
import type { ModuleDeps } from '../../module-deps.js';
import { renderEmail } from '../mail/templates.js';
import { insertContactMessage, listContactMessages, markContactMessage } from './repository.js';

export type ContactInput = z.output<typeof contactRequestSchema>;

const hour = 60 * 60 * 1000;
/** Enough for a person who writes twice; too few for a bot. */
export const contactRateLimits = {
  perIp: { name: 'contact:ip', max: 5, windowMs: hour },
  perEmail: { name: 'contact:email', max: 3, windowMs: hour },
};

const contactMailKinds = { forward: 'contact.forward', acknowledge: 'contact.acknowledge' };

/** The contact form's rules. */
export function createContactService(deps: ModuleDeps) {
  const { db, mailOutbox } = deps;
  // Each mail marks the message once it is sent, so messages never forwarded can be found.
  mailOutbox.onSent(contactMailKinds.forward, async (id) => {
    if (id) await markContactMessage(db, id, 'forwarded_at');
  });
  mailOutbox.onSent(contactMailKinds.acknowledge, async (id) => {
    if (id) await markContactMessage(db, id, 'acknowledged_at');
  });
  return {
    /**
     * Stores a contact message and, in the same transaction, its mail to the firm's inbox and the
     * acknowledgment to the visitor; the outbox sends both, retrying while the mail server is down.
     * A filled honeypot is treated as a success by the caller but stores and sends nothing.
     */
    submit: (input: ContactInput, ip: string) => submitContactMessage(deps, input, ip),
    /** The newest messages with whether each was forwarded and acknowledged (the console). */
    list: (limit: number) => listContactMessages(db, limit),
  };
}

export type ContactService = ReturnType<typeof createContactService>;

async function submitContactMessage(
  { config, db, mailOutbox, rateLimiter, log }: ModuleDeps,
  input: ContactInput,
  ip: string,
): Promise<void> {
  await rateLimiter.hit(contactRateLimits.perIp, ip);
  if (input.website) {
    log.info('contact form honeypot filled; message dropped');
    return;
  }
  await rateLimiter.hit(contactRateLimits.perEmail, input.email);

  const id = await inTransaction(db, async (trx) => {
    const messageId = await insertContactMessage(trx, {
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      subject: input.subject,
      message: input.message,
      ip,
    });
    if (config.contactInbox) {
      await mailOutbox.enqueue(trx, forwardMail(config, messageId, input, config.contactInbox), {
        kind: contactMailKinds.forward,
        reference: messageId,
      });
    }
    await mailOutbox.enqueue(trx, acknowledgmentMail(config, input.email), {
      kind: contactMailKinds.acknowledge,
      reference: messageId,
    });
    return messageId;
  });
  mailOutbox.wake();
  if (!config.contactInbox) {
    log.warn(
      { contactMessageId: id },
      'no contact inbox is configured (CONTACT_INBOX or CONTACT_EMAIL); the message is stored only',
    );
  }
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
