// Runs the answers' evaluation through the real app: each question is asked over HTTP as the
// chat asks it (earlier questions first, in the same conversation), the reply read from the
// stream, then measured (measure.ts). Library mode unless LLM_* is set.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseUiStream, textOf } from '../../test/support/chat-harness';
import type { GuideLibrary } from '../../src/server/modules/guides/loader';
import { signedInPersonOnPlan, startInProcessApp } from '../support/in-process-app';
import type { EvalQuestion } from './questions';
import type { Reply } from './measure';

export interface AskedReply {
  question: EvalQuestion;
  reply: Reply;
}

const password = 'evaluation-password-not-secret';

/** Asks every question of the sets through a fresh app; resolves to each reply. */
export async function askAll(
  library: GuideLibrary,
  questions: EvalQuestion[],
  env: Record<string, string> = {},
): Promise<AskedReply[]> {
  const server = await startInProcessApp({
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'lexwise-eval-answers-')),
    env: { ...env, API_RATE_LIMIT_PER_MINUTE: '100000', AUTH_LIMIT_PER_IP: '100000' },
    guides: library,
  });
  const { base } = server;
  // Holds the process open until the database has closed (its checkpoint thread does not).
  const hold = setInterval(() => undefined, 60_000);
  try {
    // A person per profile place, each on Premium, so no allowance runs out.
    const tokens = new Map<string, string>();
    const tokenFor = async (profile: EvalQuestion['profile']) => {
      const key = profile ? `${profile.country}-${profile.region ?? ''}` : 'none';
      const known = tokens.get(key);
      if (known) return known;
      const token = await signedInPersonOnPlan(server, {
        email: `eval-${tokens.size}@example.com`,
        password,
        planId: 'premium-month',
      });
      if (profile) {
        await fetch(`${base}/api/me`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            jurisdiction: { country: profile.country, region: profile.region ?? null },
          }),
        });
      }
      tokens.set(key, token);
      return token;
    };

    const send = async (token: string, conversationId: string, text: string): Promise<Reply> => {
      const started = performance.now();
      const response = await fetch(`${base}/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      if (!response.ok || !response.body) {
        throw new Error(`${response.status} for "${text}": ${await response.text()}`);
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let body = '';
      let firstWordMs = Number.NaN;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const chunk = decoder.decode(value, { stream: true });
        if (Number.isNaN(firstWordMs) && chunk.includes('"text-delta"')) {
          firstWordMs = performance.now() - started;
        }
        body += chunk;
      }
      const { parts } = parseUiStream(body);
      const finish = parts.find((part) => part.type === 'finish')?.messageMetadata as
        { charged?: number; placement?: string } | undefined;
      return {
        text: textOf(parts),
        sources: parts
          .filter((part) => part.type === 'source-url')
          .map((part) => ({ url: String(part.url) })),
        charged: finish?.charged ?? 0,
        placement: finish?.placement,
        firstWordMs,
      };
    };

    const out: AskedReply[] = [];
    for (const question of questions) {
      const token = await tokenFor(question.profile);
      const conversationId = randomUUID();
      for (const earlier of question.history ?? []) await send(token, conversationId, earlier);
      out.push({ question, reply: await send(token, conversationId, question.question) });
    }
    return out;
  } finally {
    await server.close();
    clearInterval(hold);
  }
}
