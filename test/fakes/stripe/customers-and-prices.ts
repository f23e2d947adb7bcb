import { bool, expand, mergeMetadata, metadata, str } from './form';
import {
  type CustomerObject,
  type Interval,
  type Metadata,
  nowSeconds,
  paramError,
  type PriceObject,
  type ProductObject,
  randomId,
} from './objects';
import type { Store } from './store';

/** Customers, products and prices (lookup keys, `transfer_lookup_key`), as /v1/customers, /v1/products and /v1/prices keep them. */
export function createCatalogue(store: Store) {
  const { customers, products, prices, find } = store;
  // -- Customers, products, prices

  const customerFields = {
    email: str(),
    name: str(),
    description: str(),
    phone: str(),
    metadata,
    expand,
  };

  function createCustomer(params: Record<string, unknown>): CustomerObject {
    const id = randomId('cus', 14);
    const customer: CustomerObject = {
      id,
      object: 'customer',
      address: null,
      balance: 0,
      created: nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: (params.description as string | null | undefined) ?? null,
      discount: null,
      email: (params.email as string | null | undefined) ?? null,
      invoice_prefix: id.slice(4, 12).toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: mergeMetadata({}, params.metadata as Metadata | undefined),
      name: (params.name as string | null | undefined) ?? null,
      next_invoice_sequence: 1,
      phone: (params.phone as string | null | undefined) ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    customers.set(id, customer);
    return customer;
  }

  function updateCustomer(customer: CustomerObject, params: Record<string, unknown>) {
    for (const field of ['email', 'name', 'description', 'phone'] as const) {
      if (params[field] !== undefined) customer[field] = params[field] as string | null;
    }
    customer.metadata = mergeMetadata(customer.metadata, params.metadata as Metadata | undefined);
  }

  const productFields = {
    name: str(),
    description: str(),
    active: bool,
    metadata,
    expand,
  };

  function createProduct(params: Record<string, unknown>): ProductObject {
    const id = (params.id as string | undefined) ?? randomId('prod', 14);
    if (products.has(id))
      throw paramError(`Product already exists.`, 'id', 'resource_already_exists');
    const created = nowSeconds();
    const product: ProductObject = {
      id,
      object: 'product',
      active: (params.active as boolean | undefined) ?? true,
      created,
      default_price: null,
      description: (params.description as string | null | undefined) ?? null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: mergeMetadata({}, params.metadata as Metadata | undefined),
      name: params.name as string,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      type: 'service',
      unit_label: null,
      updated: created,
      url: null,
    };
    products.set(id, product);
    return product;
  }

  function updateProduct(product: ProductObject, params: Record<string, unknown>) {
    if (params.name !== undefined) {
      if (params.name === null) throw paramError('You cannot unset the name of a product.', 'name');
      product.name = params.name as string;
    }
    if (params.description !== undefined) product.description = params.description as string | null;
    if (params.active !== undefined && params.active !== null)
      product.active = params.active as boolean;
    product.metadata = mergeMetadata(product.metadata, params.metadata as Metadata | undefined);
    product.updated = nowSeconds();
  }

  /** Gives `key` to `price`; an existing holder loses it only when the caller asked to transfer. */
  function claimLookupKey(price: { id?: string }, key: string, transfer: boolean) {
    const holder = [...prices.values()].find((p) => p.lookup_key === key && p.id !== price.id);
    if (!holder) return;
    if (!transfer) {
      throw paramError(
        `A price (\`${holder.id}\`) already uses that lookup key.`,
        'lookup_key',
        'lookup_key_already_exists',
      );
    }
    holder.lookup_key = null;
  }

  function createPrice(params: Record<string, unknown>): PriceObject {
    const productId = params.product as string;
    find(products, 'product', productId, 'product', 400);
    const recurring = params.recurring as
      { interval: Interval; interval_count?: number | null } | null | undefined;
    const lookupKey = (params.lookup_key as string | null | undefined) ?? null;
    if (lookupKey) claimLookupKey({}, lookupKey, params.transfer_lookup_key === true);
    const unitAmount = params.unit_amount as number;
    if (unitAmount < 0) throw paramError('Invalid unit_amount: must be at least 0', 'unit_amount');
    const price: PriceObject = {
      id: randomId('price'),
      object: 'price',
      active: (params.active as boolean | undefined) ?? true,
      billing_scheme: 'per_unit',
      created: nowSeconds(),
      currency: (params.currency as string).toLowerCase(),
      custom_unit_amount: null,
      livemode: false,
      lookup_key: lookupKey,
      metadata: mergeMetadata({}, params.metadata as Metadata | undefined),
      nickname: (params.nickname as string | null | undefined) ?? null,
      product: productId,
      recurring: recurring
        ? {
            interval: recurring.interval,
            interval_count: recurring.interval_count ?? 1,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    prices.set(price.id, price);
    return price;
  }

  function updatePrice(price: PriceObject, params: Record<string, unknown>) {
    if (params.lookup_key !== undefined) {
      const key = params.lookup_key as string | null;
      if (key) claimLookupKey(price, key, params.transfer_lookup_key === true);
      price.lookup_key = key;
    }
    if (params.active !== undefined && params.active !== null)
      price.active = params.active as boolean;
    if (params.nickname !== undefined) price.nickname = params.nickname as string | null;
    price.metadata = mergeMetadata(price.metadata, params.metadata as Metadata | undefined);
  }

  return {
    customerFields,
    createCustomer,
    updateCustomer,
    productFields,
    createProduct,
    updateProduct,
    claimLookupKey,
    createPrice,
    updatePrice,
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
