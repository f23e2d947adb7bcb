import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { newsletterMessages, type newsletterSubscribeSchema } from '../../../shared/newsletter.js';
import { inTransaction } from '../../db/database.js';
import type { ModuleDeps } from '../../module-deps.js';
import { AppError } from '../../errors.js';
import type { MailMessage } from '../mail/mailer.js';
import { renderEmail } from '../mail/templates.js';
import {
  confirmByTokenHash,
  findSubscriberByEmail,
  insertPendingSubscriber,
  listSubscribers,
  setPendingConfirmation,
  unsubscribeByTokenHash,
} from './repository.js';
import { hashLinkToken, newLinkToken, unsubscribeTokenFor } from './tokens.js';

export type SubscribeInput = z.output<typeof newsletterSubscribeSchema>;

type NewsletterDeps = ModuleDeps;

const hour = 60 * 60 * 1000;
export const newsletterRateLimits = {
  subscribePerIp: { name: 'newsletter:ip', max: 10, windowMs: hour },
  subscribePerEmail: { name: 'newsletter:email', max: 3, windowMs: hour },
  linksPerIp: { name: 'newsletter-link:ip', max: 30, windowMs: hour },
};

/** How long a confirmation link works. */
export const confirmTokenTtlMs = 72 * hour;

const linkInvalid = (message: string = newsletterMessages.linkInvalid) =>
  new AppError(400, 'newsletter.link_invalid', message);

/** The newsletter's double opt-in: subscribe, confirm from the mail, unsubscribe from any mail. */
export function createNewsletterService(deps: ModuleDeps) {
  return {
    subscribe: (input: SubscribeInput, ip: string) => subscribe(deps, input, ip),
    confirm: (token: string, ip: string) => confirmSubscription(deps, token, ip),
    unsubscribe: (token: string, ip: string) => unsubscribe(deps, token, ip),
    /** Every address with its status (the console). */
    list: (limit: number) => listSubscribers(deps.db, limit),
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;

/**
 * Starts (or restarts) a double opt-in. Whatever the address's state, the caller answers the same,
 * and the mail goes only to the address itself: a new or pending address gets a confirmation
 * link, a confirmed one a note that it is already subscribed.
 */
async function subscribe(deps: NewsletterDeps, input: SubscribeInput, ip: string) {
  const { db, mailOutbox, rateLimiter, log, keys } = deps;
  await rateLimiter.hit(newsletterRateLimits.subscribePerIp, ip);
  if (input.website) {
    log.info('newsletter honeypot filled; request dropped');
    return;
  }
  await rateLimiter.hit(newsletterRateLimits.subscribePerEmail, input.email);

  let subscriber = await findSubscriberByEmail(db, input.email);
  if (subscriber?.status === 'confirmed') {
    await mailOutbox.enqueue(db, alreadySubscribedMail(deps, input.email, subscriber.id), {
      kind: 'newsletter.already_subscribed',
    });
    mailOutbox.wake();
    return;
  }
  const token = newLinkToken();
  const expiresAt = new Date(Date.now() + confirmTokenTtlMs).toISOString();
  if (!subscriber) {
    const id = randomUUID();
    await insertPendingSubscriber(db, {
      id,
      email: input.email,
      confirm_token_hash: hashLinkToken(token),
      confirm_expires_at: expiresAt,
      unsubscribe_token_hash: hashLinkToken(unsubscribeTokenFor(keys.newsletterUnsubscribe, id)),
    });
    subscriber = await findSubscriberByEmail(db, input.email);
  }
  if (!subscriber) throw new Error('newsletter subscriber vanished after insert');
  const subscriberId = subscriber.id;
  // Also covers a concurrent insert that won the race: the latest link is the one that works.
  // The link's token and the mail carrying it are written together.
  await inTransaction(db, async (trx) => {
    await setPendingConfirmation(trx, subscriberId, hashLinkToken(token), expiresAt);
    await mailOutbox.enqueue(trx, confirmationMail(deps, input.email, subscriberId, token), {
      kind: 'newsletter.confirm',
    });
  });
  mailOutbox.wake();
}

async function confirmSubscription(deps: NewsletterDeps, token: string, ip: string) {
  await deps.rateLimiter.hit(newsletterRateLimits.linksPerIp, ip);
  if (!(await confirmByTokenHash(deps.db, hashLinkToken(token)))) throw linkInvalid();
}

async function unsubscribe(deps: NewsletterDeps, token: string, ip: string) {
  await deps.rateLimiter.hit(newsletterRateLimits.linksPerIp, ip);
  if (!(await unsubscribeByTokenHash(deps.db, hashLinkToken(token)))) {
    throw linkInvalid(newsletterMessages.unsubscribeInvalid);
  }
}

function unsubscribeUrl({ config, keys }: NewsletterDeps, subscriberId: string) {
  const token = unsubscribeTokenFor(keys.newsletterUnsubscribe, subscriberId);
  return `${config.site.publicUrl}/newsletter/unsubscribe#token=${token}`;
}

/** Every newsletter mail carries an unsubscribe link, in the body and in List-Unsubscribe. */
function newsletterMail(
  deps: NewsletterDeps,
  to: string,
  subscriberId: string,
  subject: string,
  content: Omit<Parameters<typeof renderEmail>[0], 'productName' | 'unsubscribeUrl'>,
): MailMessage {
  const { config } = deps;
  const unsubscribe = unsubscribeUrl(deps, subscriberId);
  return {
    to,
    subject: `${subject} | ${config.site.productName}`,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
    ...renderEmail({
      productName: config.site.productName,
      unsubscribeUrl: unsubscribe,
      ...content,
    }),
  };
}

function confirmationMail(deps: NewsletterDeps, to: string, subscriberId: string, token: string) {
  const { config } = deps;
  const product = config.site.productName;
  return newsletterMail(deps, to, subscriberId, 'Confirm your subscription', {
    heading: 'Confirm your subscription',
    paragraphs: [
      `Please confirm that you want to receive the ${product} newsletter at this address: plain-language legal updates from our team.`,
      `The link works for ${confirmTokenTtlMs / hour} hours. If you did not ask for this, ignore this email and you will not be subscribed.`,
    ],
    action: {
      label: 'Confirm subscription',
      url: `${config.site.publicUrl}/newsletter/confirm#token=${token}`,
    },
    footer: `You received this email because this address was entered in the newsletter form at ${config.site.publicUrl}.`,
  });
}

function alreadySubscribedMail(deps: NewsletterDeps, to: string, subscriberId: string) {
  const { config } = deps;
  const product = config.site.productName;
  return newsletterMail(deps, to, subscriberId, 'You are already subscribed', {
    heading: 'You are already subscribed',
    paragraphs: [
      `Someone (probably you) asked to subscribe this address to the ${product} newsletter. It is already subscribed, so nothing has changed.`,
      'If you no longer want the newsletter, use the unsubscribe link below.',
    ],
    footer: `You received this email because this address was entered in the newsletter form at ${config.site.publicUrl}.`,
  });
}
