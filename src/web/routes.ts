import { normalizePath } from '../shared/paths';
import { lazyPage, type LazyPage } from './lazy-page';

export interface PageRoute extends LazyPage {
  /** A path, or a pattern with one `:param` segment such as /guides/:slug. */
  path: string;
  /** The document title, without the product name. */
  title: string;
  description: string;
  /** Written to static HTML at build time. */
  prerender: boolean;
  /** Kept out of search engines (account pages, the chat). */
  noindex?: boolean;
}

export const guidePagePattern = '/guides/:slug';

/** Pages that depend on who is signed in: not prerendered, and not for search engines. */
function accountRoutes(pages: Omit<PageRoute, 'prerender' | 'noindex'>[]): PageRoute[] {
  return pages.map((page) => ({ ...page, prerender: false, noindex: true }));
}

/** Every page of the web app. The server learns this list from the build (dist/pages/routes.json). */
export const routes: PageRoute[] = [
  {
    path: '/',
    title: 'Legal information fast, and a firm of reliable and experienced lawyers',
    description:
      'Ask a legal question and get clear legal information in minutes from an AI assistant built on guides written from official sources; reach our firm’s lawyers when you need advice.',
    prerender: true,
    ...lazyPage(() => import('./pages/home-page')),
  },
  {
    path: '/pricing',
    title: 'Pricing & Plan',
    description:
      'Free, Standard and Premium plans for the AI legal-information assistant, monthly or yearly: a 5-day trial on paid plans, cancel anytime.',
    prerender: true,
    ...lazyPage(() => import('./pages/pricing-page')),
  },
  {
    path: '/terms',
    title: 'Terms of Use',
    description:
      'The terms of using the AI legal-information assistant: your account, fair use, plans and tokens, and the limits of what it gives.',
    prerender: true,
    ...lazyPage(() => import('./pages/terms-page')),
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    description:
      'What we keep about you and your conversations, why, for how long, and how to download or delete it yourself.',
    prerender: true,
    ...lazyPage(() => import('./pages/privacy-page')),
  },
  {
    path: '/disclaimer',
    title: 'Disclaimer',
    description:
      'The assistant is an AI that gives general legal information, not legal advice, and using it creates no lawyer-client relationship.',
    prerender: true,
    ...lazyPage(() => import('./pages/disclaimer-page')),
  },
  {
    path: '/accuracy',
    title: 'How accurate the assistant is',
    description:
      'The latest measured figures for the legal-information assistant: direct cited answers, citations, and questions declined at no charge.',
    prerender: true,
    ...lazyPage(() => import('./pages/accuracy-page')),
  },
  // Accounts: rendered in the browser only (they depend on who is signed in), kept out of search.
  ...accountRoutes([
    {
      path: '/login',
      title: 'Sign in',
      description: 'Sign in to ask the legal-information assistant your questions.',
      ...lazyPage(() => import('./pages/login-page')),
    },
    ...['/signUp', '/signup'].map((path) => ({
      path,
      title: 'Sign up',
      description: 'Create a free account and ask your first legal question.',
      ...lazyPage(() => import('./pages/sign-up-page')),
    })),
    {
      path: '/forget',
      title: 'Reset your password',
      description: 'Get an email with a link to choose a new password.',
      ...lazyPage(() => import('./pages/forgot-password-page')),
    },
    {
      path: '/verify-email',
      title: 'Confirm your email',
      description: 'Confirm the email address of your account.',
      ...lazyPage(() => import('./pages/verify-email-page')),
    },
    {
      path: '/reset-password',
      title: 'Choose a new password',
      description: 'Choose a new password for your account.',
      ...lazyPage(() => import('./pages/reset-password-page')),
    },
    {
      path: '/account',
      title: 'Your account',
      description: 'Your profile, jurisdiction, password, devices and data.',
      ...lazyPage(() => import('./pages/account-page')),
    },
    {
      path: '/cases',
      title: 'My cases',
      description: 'Your questions to the firm and its replies.',
      ...lazyPage(() => import('./pages/cases-page')),
    },
    {
      path: '/cases/new',
      title: 'Ask a lawyer',
      description: 'Ask a lawyer at the firm your question.',
      ...lazyPage(() => import('./pages/ask-lawyer-page')),
    },
    {
      path: '/cases/:id',
      title: 'Your case',
      description: 'Your question to the firm and its replies.',
      ...lazyPage(() => import('./pages/case-page')),
    },
    {
      path: '/desk',
      title: 'Desk',
      description: 'The firm’s cases.',
      ...lazyPage(() => import('./pages/desk-page')),
    },
    {
      path: '/desk/cases/:id',
      title: 'Case',
      description: 'A case at the firm’s desk.',
      ...lazyPage(() => import('./pages/desk-case-page')),
    },
    {
      path: '/admin',
      title: 'Console',
      description: 'Running the site: accounts, tokens, the audit log and figures.',
      ...lazyPage(() => import('./pages/admin-page')),
    },
    {
      path: '/chatbot',
      title: 'Chat',
      description: 'Ask the legal-information assistant your questions.',
      ...lazyPage(() => import('./pages/chatbot-page')),
    },
  ]),
  {
    path: '/contact',
    title: 'Contact Us',
    description:
      'Write to our team of lawyers: questions about the assistant, your account or a plan, or a request to talk to a lawyer.',
    prerender: true,
    ...lazyPage(() => import('./pages/contact-page')),
  },
  {
    path: '/guides',
    title: 'Legal guides',
    description:
      'Plain-language guides to common legal questions in the United States (renting, work, debt, courts, family, wills, traffic, business, immigration and the police), each written from official sources and dated.',
    prerender: true,
    ...lazyPage(() => import('./pages/guide-library-page')),
  },
  // One page per guide: the prerenderer writes each (entry-server.tsx) with its own title.
  {
    path: guidePagePattern,
    title: 'Legal guide',
    description: 'A plain-language legal guide, written from official sources.',
    prerender: true,
    ...lazyPage(() => import('./pages/guide-page')),
  },
  // Newsletter links from emails: the token is in the address's fragment, read in the browser.
  {
    path: '/newsletter/confirm',
    title: 'Confirm your subscription',
    description: 'Confirm your subscription to the newsletter.',
    prerender: false,
    noindex: true,
    ...lazyPage(() => import('./pages/newsletter-confirm-page')),
  },
  {
    path: '/newsletter/unsubscribe',
    title: 'Unsubscribe',
    description: 'Unsubscribe from the newsletter.',
    prerender: false,
    noindex: true,
    ...lazyPage(() => import('./pages/newsletter-unsubscribe-page')),
  },
];

export const notFoundRoute: PageRoute = {
  path: '/404',
  title: 'Page not found',
  description: 'The page you were looking for is not here.',
  prerender: true,
  noindex: true,
  ...lazyPage(() => import('./pages/not-found-page')),
};

/** Whether a path fits a route's path or pattern (one `:param` stands for one segment). */
function matches(routePath: string, pathname: string): boolean {
  if (!routePath.includes(':')) return routePath === pathname;
  const want = routePath.split('/');
  const have = pathname.split('/');
  return (
    want.length === have.length &&
    want.every((part, i) =>
      part.startsWith(':') ? /^[a-z0-9-]+$/.test(have[i]!) : part === have[i],
    )
  );
}

export function findRoute(pathname: string): PageRoute {
  const clean = normalizePath(pathname);
  return (
    routes.find((route) => route.path === clean) ??
    routes.find((route) => matches(route.path, clean)) ??
    notFoundRoute
  );
}
