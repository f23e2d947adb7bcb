import { useCallback, useEffect, useState } from 'react';
import type { TokenStatus } from '../../../shared/tokens';
import type { ChatApi } from './chat-api';

/**
 * The person's token balance and plan, as the sidebar shows them: read on arrival, then set from
 * what settles each reply (a finished reply's `finish` part, or the answer to a stop), which
 * carries the balance after its charge.
 */
export function useBalance(api: ChatApi) {
  const [tokens, setTokens] = useState<TokenStatus | null>(null);

  const refresh = useCallback(() => {
    api.tokens().then(setTokens, () => undefined);
  }, [api]);

  useEffect(() => refresh(), [refresh]);

  const setBalance = useCallback((balance: number) => {
    setTokens((state) => (state ? { ...state, balance } : state));
  }, []);

  return { tokens, refresh, setBalance };
}
