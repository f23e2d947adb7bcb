import type Stripe from 'stripe';
import { isPaidPlan, plans, type Plan, type PlanTier } from '../../../shared/plans.js';
import { lookupKeyFor } from '../../../shared/stripe-lookup-keys.js';

/**
 * Puts the plan catalogue (src/shared/plans.ts) into Stripe, idempotently: one Product per paid
 * tier (marked `metadata[lexwise_tier]`) and one recurring USD Price per paid plan, under the
 * plan's lookup key. A price that already matches is left alone; one whose amount or interval
 * differs is replaced by a new price that takes over the lookup key, and the old one is
 * deactivated (Stripe prices cannot change their amount). `npm run stripe:sync` runs this.
 */

export type CatalogueChange = 'created' | 'unchanged' | 'replaced';

export interface CatalogueLine {
  planId: Plan['id'];
  lookupKey: string;
  priceId: string;
  change: CatalogueChange;
}

const currency = 'usd';
const tierMetadataKey = 'lexwise_tier';

const tierNames: Record<PlanTier, string> = {
  free: 'Lexwise Free',
  standard: 'Lexwise Standard',
  premium: 'Lexwise Premium',
};

function matches(price: Stripe.Price, plan: Plan, productId: string): boolean {
  return (
    price.active &&
    price.unit_amount === plan.priceCents &&
    price.currency === currency &&
    price.recurring?.interval === plan.interval &&
    price.recurring.interval_count === 1 &&
    productIdOf(price) === productId
  );
}

function productIdOf(price: Stripe.Price): string {
  return typeof price.product === 'string' ? price.product : price.product.id;
}

export async function syncStripeCatalogue(
  stripe: Stripe,
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  options: { plans?: readonly Plan[] } = {},
): Promise<CatalogueLine[]> {
  const paid = (options.plans ?? plans).filter(isPaidPlan);
  const keys = paid.map((plan) => lookupKeyFor(plan.id));
  const existing = new Map<string, Stripe.Price>();
  for await (const price of stripe.prices.list({
    lookup_keys: keys,
    expand: ['data.product'],
    limit: 100,
  })) {
    if (price.lookup_key) existing.set(price.lookup_key, price);
  }

  // One product per tier: the one the existing prices already belong to, else a new one.
  const productIds = new Map<PlanTier, string>();
  for (const price of existing.values()) {
    const product = price.product;
    if (typeof product === 'string' || product.deleted) continue;
    const tier = product.metadata[tierMetadataKey] as PlanTier | undefined;
    if (tier && !productIds.has(tier)) {
      productIds.set(tier, product.id);
      const name = tierNames[tier];
      if (product.name !== name || !product.active) {
        await stripe.products.update(product.id, { name, active: true });
      }
    }
  }
  async function productFor(tier: PlanTier): Promise<string> {
    const known = productIds.get(tier);
    if (known) return known;
    const product = await stripe.products.create({
      name: tierNames[tier],
      metadata: { [tierMetadataKey]: tier },
    });
    productIds.set(tier, product.id);
    return product.id;
  }

  const lines: CatalogueLine[] = [];
  for (const plan of paid) {
    const lookupKey = lookupKeyFor(plan.id);
    const productId = await productFor(plan.tier);
    const current = existing.get(lookupKey);
    let priceId: string;
    let change: CatalogueChange;
    if (current && matches(current, plan, productId)) {
      priceId = current.id;
      change = 'unchanged';
    } else {
      const price = await stripe.prices.create({
        product: productId,
        unit_amount: plan.priceCents,
        currency,
        recurring: { interval: plan.interval },
        lookup_key: lookupKey,
        ...(current ? { transfer_lookup_key: true } : {}),
        nickname: plan.name,
        metadata: { lexwise_plan: plan.id, [tierMetadataKey]: plan.tier },
      });
      if (current?.active) await stripe.prices.update(current.id, { active: false });
      priceId = price.id;
      change = current ? 'replaced' : 'created';
    }
    lines.push({ planId: plan.id, lookupKey, priceId, change });
    log(`${plan.id.padEnd(15)}  ${lookupKey.padEnd(23)}  ${priceId}  ${change}`);
  }
  return lines;
}
