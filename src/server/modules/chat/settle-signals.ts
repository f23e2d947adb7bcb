import { setTimeout as sleep } from 'node:timers/promises';
import type { MessageStatus } from '../../../shared/chat.js';
import type { Db } from '../../db/database.js';
import type { TokensService } from '../tokens/service.js';
import { recentMessages } from './repository.js';

/** What a reply's settlement says, once its reservation is settled and its answer stored. */
export interface Settlement {
  /** The answer as stored; null when nothing was (refused before its stream, or its chat deleted). */
  answer: { id: string; status: MessageStatus } | null;
  charged: number;
  /** The balance after; undefined when the reservation had been settled already (the sweeper). */
  balance: number | undefined;
}

const nothingStored: Settlement = { answer: null, charged: 0, balance: undefined };

/** A reply of this instance: how to stop it, and its settlement to come. */
interface Running {
  userId: string;
  stop(): void;
  settled: Promise<Settlement>;
}

/**
 * How long a stop or a retry waits for a reply to settle. Settling follows the stop within
 * milliseconds; the bound only keeps a request from hanging on a reply that does not settle.
 */
const settleWaitMs = 5_000;
/** Looking at the rows for a reply settling on another instance: the first pause, and the most. */
const firstLookMs = 10;
const longestLookMs = 400;

/**
 * The settle signal (decision 0140): each reply of this instance is tracked from its first step
 * to its settlement, which it announces with what it stored and charged. A stop or a retry waits
 * on that promise, not on a timer. A reply on another instance (two instances sharing
 * PostgreSQL) sends no signal here: then the wait is on its rows, bounded.
 */
export function createSettleSignals(db: Db, tokens: TokensService) {
  /** By conversation: a person may have more than one reply on its way in one (two tabs). */
  const running = new Map<string, Set<Running>>();

  /**
   * Tracks a reply from its first step; `settle` announces its settlement (`nothingStored` for
   * one refused before its stream) and ends the tracking. `abort` stops it.
   */
  function track(userId: string, conversationId: string, abort: AbortController) {
    let settle!: (settlement: Settlement) => void;
    const reply: Running = {
      userId,
      stop: () => abort.abort(),
      settled: new Promise((resolve) => (settle = resolve)),
    };
    const replies = running.get(conversationId) ?? new Set();
    replies.add(reply);
    running.set(conversationId, replies);
    return {
      settle(settlement: Settlement = nothingStored) {
        replies.delete(reply);
        if (replies.size === 0 && running.get(conversationId) === replies) {
          running.delete(conversationId);
        }
        settle(settlement);
      },
    };
  }

  /**
   * Waits until the person's replies in the conversation have settled, stopping them first when
   * asked: here, on their signal; else, as their reply may be settling on another instance, on
   * the rows. Both waits are bounded by `settleWaitMs`. Answers the settlements seen here.
   */
  async function afterSettling(
    userId: string,
    conversationId: string,
    { stop }: { stop: boolean },
  ): Promise<Settlement[]> {
    const here = [...(running.get(conversationId) ?? [])].filter((r) => r.userId === userId);
    if (here.length === 0) {
      await settledElsewhere(userId, conversationId);
      return [];
    }
    if (stop) for (const reply of here) reply.stop();
    const timeout = new AbortController();
    try {
      return await Promise.race([
        Promise.all(here.map((reply) => reply.settled)),
        sleep(settleWaitMs, [], { signal: timeout.signal }),
      ]);
    } finally {
      timeout.abort();
    }
  }

  /**
   * While the conversation ends with the person's question and they have a reply streaming, its
   * answer may be settling on another instance: the rows are read again, the pauses between
   * looks doubling, until it is stored or `settleWaitMs` has passed. Settling stores the answer
   * and ends its stream's count in one transaction, so once neither holds, there is no more to
   * wait for.
   */
  async function settledElsewhere(userId: string, conversationId: string): Promise<void> {
    const deadline = performance.now() + settleWaitMs;
    for (let pause = firstLookMs; ; pause = Math.min(pause * 2, longestLookMs)) {
      const [newest] = await recentMessages(db.kysely, conversationId, 1);
      const mayBeSettling =
        newest?.user_id === userId &&
        newest.role === 'user' &&
        (await tokens.streamingCount(userId)) > 0;
      if (!mayBeSettling || performance.now() + pause > deadline) return;
      await sleep(pause);
    }
  }

  return {
    track,
    afterSettling,
    /** Every reply of this instance settled (shutdown waits for them). */
    allSettled: () =>
      Promise.all([...running.values()].flatMap((replies) => [...replies].map((r) => r.settled))),
  };
}

export type SettleSignals = ReturnType<typeof createSettleSignals>;
