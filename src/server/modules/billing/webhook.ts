import type Stripe from 'stripe';
import { billingMessages } from '../../../shared/billing.js';
import { AppError } from '../../errors.js';
import type { ModuleDeps } from '../../module-deps.js';
import { eventRecorded, recordEvent } from './repository.js';

/** Stripe's events older than this are refused as replays (its SDK's default, five minutes). */
export const webhookToleranceSeconds = 300;

/** A verified Stripe event: the objects it names are re-read and applied, once per event id. */
export function createWebhooks(
  { config, db }: Pick<ModuleDeps, 'config' | 'db'>,
  {
    stripe,
    refresh,
  }: {
    stripe: Stripe | undefined;
    refresh: (subscriptionId: string, event: { id: string; type: string }) => Promise<unknown>;
  },
) {
  const kysely = db.kysely;

  async function handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    if (!stripe || config.billing.provider !== 'stripe') {
      throw new AppError(400, 'billing.webhook_invalid', billingMessages.webhookInvalid);
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        config.billing.webhookSecret,
        webhookToleranceSeconds,
      );
    } catch {
      throw new AppError(400, 'billing.webhook_invalid', billingMessages.webhookInvalid);
    }
    if (await eventRecorded(kysely, event.id)) return;
    const record = { id: event.id, type: event.type };
    const subscriptionId = subscriptionNamedBy(event);
    if (subscriptionId) await refresh(subscriptionId, record);
    else await recordEvent(kysely, { ...record, now: new Date().toISOString() });
  }

  return { handleWebhook };
}

/** The subscription an event is about, for the event types billing acts on. */
function subscriptionNamedBy(event: Stripe.Event): string | undefined {
  const idOf = (value: unknown) =>
    typeof value === 'string' ? value : (value as { id?: string } | null)?.id;
  switch (event.type) {
    case 'checkout.session.completed':
      return idOf(event.data.object.subscription);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
      return event.data.object.id;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return idOf(event.data.object.parent?.subscription_details?.subscription);
    default:
      return undefined;
  }
}
