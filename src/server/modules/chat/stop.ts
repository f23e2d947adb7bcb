import type { StopAnswer } from '../../../shared/chat.js';
import type { Db } from '../../db/database.js';
import type { TokensService } from '../tokens/service.js';
import { conversationNotFound } from './messages.js';
import { conversationOwner, recentMessages } from './repository.js';
import type { SettleSignals } from './settle-signals.js';

/**
 * Stop: the person's reply in a conversation is stopped (on this instance; on another, the
 * browser closing the reply's connection stops it) and answered once settled, with what it was
 * charged and the balance after, so the page needs no second look. Another person's
 * conversation is not found; one not stored yet (a first question still being checked) is
 * nobody's, and the person's reply in it, if any, is stopped.
 */
export function createStops(db: Db, tokens: TokensService, signals: SettleSignals) {
  async function stopReply(userId: string, conversationId: string): Promise<StopAnswer> {
    const owner = await conversationOwner(db.kysely, conversationId);
    if (owner !== undefined && owner !== userId) throw conversationNotFound();
    const settlements = await signals.afterSettling(userId, conversationId, { stop: true });
    const { answer, charged } =
      settlements.length > 0
        ? {
            answer: settlements.at(-1)!.answer,
            charged: settlements.reduce((sum, s) => sum + s.charged, 0),
          }
        : await newestAnswer(userId, conversationId);
    // Read after the settlement: the ledger's sum, whatever else settled meanwhile.
    const { balance } = await tokens.getStatus(userId);
    return { answer, charged, balance };
  }

  /** No reply of theirs here: the newest answer as stored (settled here or elsewhere), if any. */
  async function newestAnswer(userId: string, conversationId: string) {
    const [newest] = await recentMessages(db.kysely, conversationId, 1);
    return newest?.role === 'assistant' && newest.user_id === userId
      ? { answer: { id: newest.id, status: newest.status }, charged: Number(newest.charged) }
      : { answer: null, charged: 0 };
  }

  return { stopReply };
}
