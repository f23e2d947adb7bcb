// Creates or updates the Stripe products and prices of the paid plans (src/shared/plans.ts),
// each price under its lookup key (lexwise_<plan id>). Safe to run again: what matches is left alone.
//
//   STRIPE_SECRET_KEY=sk_test_… npm run stripe:sync
//   STRIPE_API_BASE=http://127.0.0.1:3346 points it at another Stripe-compatible server (the test fake).
import Stripe from 'stripe';
import { syncStripeCatalogue } from '../src/server/modules/billing/stripe-catalogue.js';

const secretKey = process.env.STRIPE_SECRET_KEY;
if (!secretKey) {
  console.error('stripe:sync needs STRIPE_SECRET_KEY (a secret key from the Stripe dashboard).');
  process.exit(1);
}

let api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
if (process.env.STRIPE_API_BASE) {
  let base: URL;
  try {
    base = new URL(process.env.STRIPE_API_BASE);
  } catch {
    console.error(`STRIPE_API_BASE is not a URL: ${process.env.STRIPE_API_BASE}`);
    process.exit(1);
  }
  const protocol = base.protocol === 'https:' ? 'https' : 'http';
  api = {
    host: base.hostname,
    port: Number(base.port) || (protocol === 'https' ? 443 : 80),
    protocol,
  };
}

const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, ...(api ?? {}) });
try {
  await syncStripeCatalogue(stripe);
} catch (error) {
  console.error(`stripe:sync failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
