// The small part of oidc-provider (which ships no types) that test/fakes/oidc-provider.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Grant {
    accountId: string;
    jti: string;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface OidcContext {
    client: { clientId: string };
    session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { login?: unknown; consent?: { grantId?: string } };
    provider: Provider;
  }

  export interface KoaContext {
    path: string;
    method: string;
    status: number;
    body: unknown;
    type: string;
    oidc: OidcContext;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<Interaction>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: {
      new (properties: { clientId: string; accountId?: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
  }

  export class Check {
    constructor(reason: string, description: string, check: (ctx: KoaContext) => boolean);
    static REQUEST_PROMPT: true;
    static NO_NEED_TO_PROMPT: false;
  }

  export const interactionPolicy: {
    Check: typeof Check;
    base(): { get(name: string): { checks: Check[] } | undefined } & unknown[];
  };

  export default Provider;
}
