/** One way to sign in to the account, as listed in the data export. */
export interface SignInMethod {
  type: 'password' | (string & {});
  /** For a linked account: the provider's name for the person, e.g. their email there. */
  detail?: string | null;
  linkedAt?: string | null;
}

type Collect<T> = (userId: string) => Promise<T>;

/**
 * What "download my data" gathers. The accounts module writes the profile, sign-in methods and
 * sessions; every other module that keeps personal data adds its own section at start-up
 * (chat: conversations, billing: subscriptions), and OAuth adds its linked accounts.
 */
export interface AccountExportRegistry {
  /** Adds a top-level section, e.g. `addSection('conversations', listConversationsOf)`. */
  addSection(name: string, collect: Collect<unknown>): void;
  /** Adds entries to `signInMethods`, e.g. linked Google or Facebook accounts. */
  addSignInMethods(collect: Collect<SignInMethod[]>): void;
  /** The sections in the order they were added. */
  sections(): ReadonlyArray<{ name: string; collect: Collect<unknown> }>;
  signInMethodSources(): ReadonlyArray<Collect<SignInMethod[]>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The registry buildApp made, so that a test can add a section as a module would. */
    accountExport: AccountExportRegistry;
  }
}

/** Keys the export itself writes; a module cannot take them. */
export const reservedExportKeys = [
  'format',
  'exportedAt',
  'product',
  'profile',
  'signInMethods',
  'sessions',
];

/** buildApp makes one and hands it to the accounts service and to each module that adds to it. */
export function createAccountExportRegistry(): AccountExportRegistry {
  const sections: { name: string; collect: Collect<unknown> }[] = [];
  const signInMethods: Collect<SignInMethod[]>[] = [];
  return {
    addSection(name, collect) {
      if (reservedExportKeys.includes(name) || sections.some((s) => s.name === name)) {
        throw new Error(`the account export already has a section "${name}"`);
      }
      sections.push({ name, collect });
    },
    addSignInMethods(collect) {
      signInMethods.push(collect);
    },
    sections: () => sections,
    signInMethodSources: () => signInMethods,
  };
}
