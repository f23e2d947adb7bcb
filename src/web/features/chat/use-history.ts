import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatApi } from './chat-api';
import type { SidebarList } from './chat-sidebar';

const emptyList: SidebarList = { items: [], loading: false, hasMore: false, error: null };

/**
 * The sidebar's history of chats, paged by the server's cursor and searched as the person types;
 * `reload` reads its first page again (after a reply, a rename elsewhere).
 */
export function useHistory(api: ChatApi) {
  const [list, setList] = useState<SidebarList>(emptyList);
  const [query, setQuery] = useState('');
  const cursor = useRef<string | null>(null);
  /** The list's load in flight: a newer first page supersedes it; a next page waits for it. */
  const listLoad = useRef<object | null>(null);

  const loadPage = useCallback(
    async (replace: boolean, q: string) => {
      if (!replace && listLoad.current) return;
      const load = {};
      listLoad.current = load;
      setList((state) => ({ ...state, loading: true, error: null }));
      try {
        const page = await api.list({ cursor: replace ? null : cursor.current, q });
        if (listLoad.current !== load) return;
        listLoad.current = null;
        cursor.current = page.nextCursor;
        setList((state) => ({
          items: replace ? page.conversations : [...state.items, ...page.conversations],
          loading: false,
          hasMore: page.nextCursor !== null,
          error: null,
        }));
      } catch {
        if (listLoad.current !== load) return;
        listLoad.current = null;
        setList((state) => ({
          ...state,
          loading: false,
          error: 'Your chats could not be loaded.',
        }));
      }
    },
    [api],
  );

  // The list follows the search field, a moment after typing stops.
  useEffect(() => {
    const timer = setTimeout(() => void loadPage(true, query.trim()), query ? 300 : 0);
    return () => clearTimeout(timer);
  }, [loadPage, query]);

  const reload = useCallback(() => void loadPage(true, query.trim()), [loadPage, query]);
  const loadMore = useCallback(() => void loadPage(false, query.trim()), [loadPage, query]);

  const rename = useCallback(
    async (id: string, title: string) => {
      const updated = await api.rename(id, title);
      setList((state) => ({
        ...state,
        items: state.items.map((item) => (item.id === id ? updated : item)),
      }));
    },
    [api],
  );

  const remove = useCallback(
    async (id: string) => {
      await api.remove(id);
      setList((state) => ({ ...state, items: state.items.filter((item) => item.id !== id) }));
    },
    [api],
  );

  return { list, query, setQuery, reload, loadMore, rename, remove };
}
