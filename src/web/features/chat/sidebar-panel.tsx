import { useState, type ReactNode } from 'react';

/**
 * Where the chats list sits: beside the conversation on wide screens, a panel opened by "Your
 * chats" on narrow ones (Esc or the backdrop closes it). `children` gets `close`, for the
 * choices that should close the panel (a chat chosen, a new one begun).
 */
export function SidebarPanel({ children }: { children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-primary chat-sidebar-toggle d-lg-none"
        aria-controls="chat-sidebar"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        Your chats
      </button>
      {open ? (
        <button
          type="button"
          className="chat-backdrop d-lg-none"
          aria-label="Close your chats"
          onClick={close}
        />
      ) : null}
      <aside
        id="chat-sidebar"
        className={open ? 'chat-sidebar open' : 'chat-sidebar'}
        aria-label="Chats and account"
        onKeyDown={(event) => {
          // Esc closes the open panel, and only that: it does not also stop an answer.
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            close();
          }
        }}
      >
        <button
          type="button"
          className="btn btn-sm btn-link chat-sidebar-close d-lg-none"
          onClick={close}
        >
          Close
        </button>
        {children(close)}
      </aside>
    </>
  );
}
