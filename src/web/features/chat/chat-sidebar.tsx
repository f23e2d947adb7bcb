import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ConversationSummary } from '../../../shared/chat';
import type { TokenStatus } from '../../../shared/tokens';
import type { User } from '../../../shared/auth';

export interface SidebarList {
  items: ConversationSummary[];
  loading: boolean;
  hasMore: boolean;
  error: string | null;
}

function isToday(iso: string, now = new Date()): boolean {
  const date = new Date(iso);
  return (
    date.getFullYear() === now.getFullYear() &&
    date.getMonth() === now.getMonth() &&
    date.getDate() === now.getDate()
  );
}

export function initialsOf(user: User): string {
  const letters = [user.givenName, user.familyName]
    .filter((part): part is string => Boolean(part))
    .map((part) => part[0]!.toUpperCase())
    .join('');
  return letters || user.name.slice(0, 1).toUpperCase();
}

function ChatItem({
  item,
  active,
  onSelect,
  onRename,
  onDelete,
}: {
  item: ConversationSummary;
  active: boolean;
  onSelect: () => void;
  onRename: (title: string) => Promise<void>;
  onDelete: () => Promise<void>;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(item.title);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();

  async function saveTitle(event: FormEvent) {
    event.preventDefault();
    const next = title.trim();
    setFailure(null);
    if (next && next !== item.title) {
      try {
        await onRename(next);
      } catch {
        setFailure('This chat could not be renamed. Please try again.');
        return;
      }
    }
    setEditing(false);
  }

  async function remove() {
    setFailure(null);
    await onDelete().catch(() => setFailure('This chat could not be deleted. Please try again.'));
  }

  const failureLine = failure ? (
    <p className="chat-item-failure small" role="alert">
      {failure}
    </p>
  ) : null;

  if (editing) {
    return (
      <li className="chat-item">
        <form onSubmit={(event) => void saveTitle(event)} className="chat-item-rename">
          <label htmlFor={`${id}-title`} className="visually-hidden">
            New name for this chat
          </label>
          <input
            id={`${id}-title`}
            className="form-control form-control-sm"
            value={title}
            maxLength={120}
            autoFocus
            onChange={(event) => setTitle(event.target.value)}
            onKeyDown={(event) => {
              // Esc leaves the new name, and only that: it does not also stop an answer.
              if (event.key === 'Escape') {
                event.stopPropagation();
                setFailure(null);
                setEditing(false);
              }
            }}
          />
          <button type="submit" className="btn btn-sm btn-primary">
            Save
          </button>
        </form>
        {failureLine}
      </li>
    );
  }
  return (
    <li className={active ? 'chat-item active' : 'chat-item'}>
      <button
        type="button"
        className="chat-item-title"
        aria-current={active ? 'true' : undefined}
        onClick={onSelect}
      >
        {item.title}
      </button>
      <button
        type="button"
        className="chat-item-menu-button"
        aria-label={`Options for ${item.title}`}
        aria-expanded={menuOpen}
        aria-controls={`${id}-menu`}
        onClick={() => setMenuOpen(!menuOpen)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {menuOpen ? (
        <div id={`${id}-menu`} className="chat-item-menu">
          <button
            type="button"
            className="btn btn-sm btn-link"
            onClick={() => {
              setMenuOpen(false);
              setTitle(item.title);
              setEditing(true);
            }}
          >
            Rename
          </button>
          <button
            type="button"
            className="btn btn-sm btn-link text-danger"
            onClick={() => {
              setMenuOpen(false);
              if (window.confirm(`Delete “${item.title}”? This cannot be undone.`)) {
                void remove();
              }
            }}
          >
            Delete
          </button>
        </div>
      ) : null}
      {failureLine}
    </li>
  );
}

/**
 * The sidebar: + New Chat, search, the chats under Today History and Recent Chats (more load
 * as the list scrolls), and the profile block with the plan and the token balance.
 */
export function ChatSidebar({
  user,
  tokens,
  list,
  activeId,
  query,
  onQuery,
  onNewChat,
  onSelect,
  onRename,
  onDelete,
  onLoadMore,
  onSignOut,
}: {
  user: User;
  tokens: TokenStatus | null;
  list: SidebarList;
  activeId: string;
  query: string;
  onQuery: (q: string) => void;
  onNewChat: () => void;
  onSelect: (id: string) => void;
  onRename: (id: string, title: string) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
  onLoadMore: () => void;
  onSignOut: () => void;
}) {
  const searchId = useId();
  const renewId = useId();
  const sentinel = useRef<HTMLDivElement>(null);
  const today = list.items.filter((item) => isToday(item.updatedAt));
  const recent = list.items.filter((item) => !isToday(item.updatedAt));

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !list.hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [list.hasMore, onLoadMore]);

  const group = (heading: string, items: ConversationSummary[]) => (
    <section className="chat-group" aria-label={heading}>
      <h2 className="chat-group-title">{heading}</h2>
      {items.length === 0 ? (
        <p className="chat-group-empty">No chats</p>
      ) : (
        <ul className="chat-list">
          {items.map((item) => (
            <ChatItem
              key={item.id}
              item={item}
              active={item.id === activeId}
              onSelect={() => onSelect(item.id)}
              onRename={(title) => onRename(item.id, title)}
              onDelete={() => onDelete(item.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );

  const renews = tokens
    ? new Date(tokens.renewsAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
    : '';
  return (
    <div className="chat-sidebar-inner">
      <button type="button" className="btn btn-primary w-100 chat-new" onClick={onNewChat}>
        + New Chat
      </button>
      <div className="chat-search">
        <label htmlFor={searchId} className="visually-hidden">
          Search your chats
        </label>
        <input
          id={searchId}
          type="search"
          className="form-control form-control-sm"
          placeholder="Search chats"
          maxLength={200}
          value={query}
          onChange={(event) => onQuery(event.target.value)}
        />
      </div>
      <nav className="chat-history" aria-label="Your chats">
        {group('Today History', today)}
        {group('Recent Chats', recent)}
        {list.error ? (
          <p className="chat-list-failure small" role="alert">
            {list.error}
          </p>
        ) : null}
        {list.loading ? <p className="chat-group-empty">Loading…</p> : null}
        <div ref={sentinel} className="chat-list-sentinel" />
      </nav>
      <div className="chat-profile">
        {/* Initials, not the picture's address: the page policy loads no other host (decision 0032). */}
        <span className="chat-profile-initials" aria-hidden="true">
          {initialsOf(user)}
        </span>
        <div className="chat-profile-text">
          <p className="chat-profile-name">{user.name}</p>
          <p className="chat-profile-plan">{tokens?.plan.name ?? ''}</p>
          <p className="chat-profile-tokens">
            <span tabIndex={0} className="chat-tokens" aria-describedby={renewId}>
              {tokens
                ? tokens.unlimited
                  ? 'Unlimited'
                  : `${tokens.balance.toLocaleString('en-US')} Tokens`
                : '…'}
            </span>
            <span id={renewId} role="tooltip" className="chat-renews">
              {tokens ? `Renews ${renews}` : ''}
            </span>
          </p>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary chat-sign-out"
          onClick={onSignOut}
        >
          Sign out
        </button>
      </div>
    </div>
  );
}
