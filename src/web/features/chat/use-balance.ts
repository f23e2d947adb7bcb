import { useCallback, useEffect, useState } from 'react';
import type { TokenStatus } from '../../../shared/tokens';
import type { ChatApi } from './chat-api';

/** How often, and at most how many times, the page asks whether a cut-off reply is settled. */
const settleCheckMs = 300;
const settleChecks = 15;

/**
 * The person's token balance and plan, as the sidebar shows them: read on arrival, set from a
 * finished reply's metadata, and read again once a stopped, cut-off or failed reply has settled.
 */
export function useBalance(api: ChatApi, { onSettled }: { onSettled: () => void }) {
  const [tokens, setTokens] = useState<TokenStatus | null>(null);

  const refresh = useCallback(() => {
    api.tokens().then(setTokens, () => undefined);
  }, [api]);

  useEffect(() => refresh(), [refresh]);

  /** A finished reply's `finish` part carries the new balance. */
  const setBalance = useCallback((balance: number) => {
    setTokens((state) => (state ? { ...state, balance } : state));
  }, []);

  /**
   * The server settles a reply that was stopped, cut off or failed (charging what was written)
   * once it sees the end, and stores its answer in the same transaction. So the page reads the
   * balance until no reply of the person's is streaming (or it has asked `settleChecks` times),
   * then shows it and calls `onSettled` (the list is read again).
   */
  const afterSettling = useCallback(() => {
    let checks = 0;
    const check = async () => {
      checks += 1;
      const status = await api.tokens().catch(() => undefined);
      if (status?.streaming !== 0 && checks < settleChecks) {
        setTimeout(() => void check(), settleCheckMs);
        return;
      }
      if (status) setTokens(status);
      onSettled();
    };
    setTimeout(() => void check(), settleCheckMs);
  }, [api, onSettled]);

  return { tokens, refresh, setBalance, afterSettling };
}
