import { useCallback, useEffect, useState } from 'react';
import type { ChatApi } from './chat-api';

/** The first-use notice: asked once per account; the composer waits until it is acknowledged. */
export function useNotice(api: ChatApi) {
  const [notice, setNotice] = useState<'unknown' | 'needed' | 'done'>('unknown');
  useEffect(() => {
    api.notice().then(
      ({ acknowledgedAt }) => setNotice(acknowledgedAt ? 'done' : 'needed'),
      () => setNotice('needed'),
    );
  }, [api]);
  const acknowledge = useCallback(async () => {
    await api.acknowledgeNotice();
    setNotice('done');
  }, [api]);
  return { notice, acknowledge };
}
