import { z } from 'zod';

export const defaultProductName = 'Lexwise';

const optionalText = z.string().trim().min(1).max(200).optional();
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

/**
 * Public settings: what the browser may know of the configuration. Read from the environment at
 * build time and baked into the pages (docs/decisions/0003-public-settings-at-build.md); the
 * server reads the same values with the same schema.
 */
export const publicSiteSchema = z.object({
  PRODUCT_NAME: z.string().trim().min(1).max(40).default(defaultProductName),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  CONTACT_PHONE: optionalText,
  CONTACT_EMAIL: z.email().optional(),
  CONTACT_ADDRESS: optionalText,
  CONTACT_MAP_EMBED_URL: optionalUrl,
  SOCIAL_FACEBOOK_URL: optionalUrl,
  SOCIAL_X_URL: optionalUrl,
  SOCIAL_LINKEDIN_URL: optionalUrl,
  SOCIAL_INSTAGRAM_URL: optionalUrl,
  SOCIAL_YOUTUBE_URL: optionalUrl,
});

export interface PublicSiteConfig {
  productName: string;
  publicUrl: string;
  contact: { phone?: string; email?: string; address?: string; mapEmbedUrl?: string };
  social: { label: string; url: string }[];
}

/** Reads the public settings from an environment; throws a ZodError on a malformed value. */
export function readPublicSiteConfig(env: Record<string, string | undefined>): PublicSiteConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const e = publicSiteSchema.parse(cleaned);
  const social = [
    { label: 'Facebook', url: e.SOCIAL_FACEBOOK_URL },
    { label: 'X', url: e.SOCIAL_X_URL },
    { label: 'LinkedIn', url: e.SOCIAL_LINKEDIN_URL },
    { label: 'Instagram', url: e.SOCIAL_INSTAGRAM_URL },
    { label: 'YouTube', url: e.SOCIAL_YOUTUBE_URL },
  ].filter((link): link is { label: string; url: string } => link.url !== undefined);
  return {
    productName: e.PRODUCT_NAME,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    contact: {
      phone: e.CONTACT_PHONE,
      email: e.CONTACT_EMAIL,
      address: e.CONTACT_ADDRESS,
      mapEmbedUrl: e.CONTACT_MAP_EMBED_URL,
    },
    social,
  };
}

// Kept in paths.ts so the web app's shell can use it without loading the schema library.
export { normalizePath } from './paths.js';
