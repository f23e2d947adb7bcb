import { useCallback, useImperativeHandle, useMemo, type ReactNode, type Ref } from 'react';
import type { User } from '../../../shared/auth';
import { chatMessages } from '../../../shared/chat';
import { createChatApi, type ChatSession } from './chat-api';
import { ChatMessages, textOf } from './chat-messages';
import { ChatSidebar, initialsOf } from './chat-sidebar';
import { Composer } from './composer';
import { ExampleSlider } from './example-slider';
import { conversationMarkdown, downloadMarkdown } from './export-markdown';
import { conversationUrl } from './lawyer-contact';
import { NoticeDialog } from './notice-dialog';
import { storedRetryableId } from './reply-messages';
import { SidebarPanel } from './sidebar-panel';
import { useBalance } from './use-balance';
import { useConversation } from './use-conversation';
import { useFollowEnd } from './use-follow-end';
import { useHistory } from './use-history';
import { useNotice } from './use-notice';
import './chat.scss';

/** What the page can ask of the chat screen. */
export interface ChatScreenHandle {
  /**
   * The plan changed (a subscription was confirmed): read the balance again and begin a new
   * conversation (product spec §3 and §4).
   */
  startOver(): void;
}

/**
 * The chat screen lays out what its hooks hold: the history of chats (use-history), the
 * balance (use-balance), the conversation and its stream (use-conversation, through the AI SDK's
 * useChat from POST /api/conversations/:id/messages) and the first-use notice (use-notice).
 */
export function ChatScreen({
  session,
  user,
  initialAsk,
  initialConversation,
  onOutOfTokens,
  onSignOut,
  status,
  ref,
}: {
  session: ChatSession;
  user: User;
  initialAsk: string;
  /** A conversation to open first (`/chatbot?conversation=`), if any. */
  initialConversation?: string | null;
  /** Zero tokens: the spec's alert, then the pricing page. */
  onOutOfTokens: () => void;
  onSignOut: () => void;
  /** A line from the page above the conversation (a payment being confirmed); also shown in the first-use notice while it is open. */
  status?: ReactNode;
  ref?: Ref<ChatScreenHandle>;
}) {
  const api = useMemo(() => createChatApi(session), [session]);
  const history = useHistory(api);
  const balance = useBalance(api);
  const { notice, acknowledge } = useNotice(api);
  const { setBalance } = balance;
  const { reload } = history;
  const onSettled = useCallback(
    (newBalance: number | undefined) => {
      if (newBalance !== undefined) setBalance(newBalance);
      reload();
    },
    [setBalance, reload],
  );
  const conversation = useConversation({
    api,
    session,
    initialAsk,
    initialConversation,
    onSettled,
    onOutOfTokens,
  });
  const { chat, waiting } = conversation;

  useImperativeHandle(ref, () => ({
    startOver() {
      balance.refresh();
      conversation.newChat();
    },
  }));

  const title =
    history.list.items.find((item) => item.id === conversation.id)?.title ??
    (chat.messages[0] ? textOf(chat.messages[0]).slice(0, 60) : 'Conversation');
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  // The conversation follows the answer down as it streams, unless the person scrolls up.
  const { panel: scrollPanel, follow: followEnd } = useFollowEnd(
    `${chat.messages.length} ${conversation.lastText.length} ${chat.status} ${conversation.errorText ?? ''}`,
  );

  function send(asked?: string) {
    const tokens = balance.tokens;
    const outOfTokens = !!tokens && !tokens.unlimited && tokens.balance === 0;
    if (conversation.send({ outOfTokens, ...(asked ? { asked } : {}) })) followEnd();
  }

  async function remove(id: string) {
    // The answer being written to this chat stops first: there will be nowhere to read it.
    if (id === conversation.id && waiting) conversation.stop();
    await history.remove(id);
    if (id === conversation.id) conversation.newChat();
  }

  return (
    <div className="chat-screen">
      <SidebarPanel>
        {(close) => (
          <ChatSidebar
            user={user}
            tokens={balance.tokens}
            list={history.list}
            activeId={conversation.id}
            query={history.query}
            onQuery={history.setQuery}
            onNewChat={() => {
              conversation.newChat();
              close();
            }}
            onSelect={(id) => {
              close();
              followEnd();
              void conversation.select(id);
            }}
            onRename={history.rename}
            onDelete={remove}
            onLoadMore={history.loadMore}
            onSignOut={onSignOut}
          />
        )}
      </SidebarPanel>

      <section className="chat-main" aria-labelledby="chat-title">
        <header className="chat-main-header">
          <h1 id="chat-title" className="chat-title">
            {chat.messages.length > 0 ? title : `Hello, ${user.name}`}
          </h1>
          {chat.messages.length > 0 && !waiting ? (
            <div className="chat-export">
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() =>
                  downloadMarkdown(title, conversationMarkdown(title, chat.messages, origin))
                }
              >
                Export as Markdown
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => window.print()}
              >
                Print
              </button>
            </div>
          ) : null}
        </header>

        {/* Behind the first-use notice, the line is shown in the notice instead. */}
        {status && notice !== 'needed' ? <div className="chat-status">{status}</div> : null}

        <div className="chat-scroll" ref={scrollPanel} aria-live="polite" aria-busy={waiting}>
          {conversation.notFound ? (
            <p className="chat-link-status" role="status">
              {chatMessages.conversationNotFound}
            </p>
          ) : null}
          {conversation.loadError ? (
            <p className="alert alert-danger" role="alert">
              {conversation.loadError}
            </p>
          ) : null}
          {chat.messages.length === 0 ? (
            <div className="chat-empty">
              <img src="/logo.svg" alt="" width={72} height={72} className="chat-empty-image" />
              <p className="chat-empty-lead">
                Ask about your rights as a tenant, a consumer, an employee or a family member. The
                assistant is an AI: it gives general legal information from our guides, written from
                official sources, not legal advice. No lawyer reads its answers.
              </p>
              <ExampleSlider onChoose={conversation.setInput} />
            </div>
          ) : (
            <ChatMessages
              messages={chat.messages}
              streamingId={conversation.streamingId}
              initials={initialsOf(user)}
              origin={origin}
              conversationLink={conversationUrl(origin, conversation.id)}
              onRate={(messageId, rating) => api.rate(messageId, rating)}
              retryableId={waiting || chat.error ? undefined : storedRetryableId(chat.messages)}
              onRetry={conversation.retry}
              onChooseState={(state) => send(`What about ${state}?`)}
            />
          )}
          {conversation.awaitingWords ? (
            <div className="chat-loading" role="status">
              <span className="visually-hidden">Waiting for the answer</span>
              <span className="chat-dot" />
              <span className="chat-dot" />
              <span className="chat-dot" />
            </div>
          ) : null}
          {conversation.errorText ? (
            <div className="chat-error" role="alert">
              <span>{conversation.errorText}</span>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                onClick={() => conversation.retry()}
              >
                Retry
              </button>
            </div>
          ) : null}
        </div>

        <Composer
          value={conversation.input}
          onChange={conversation.setInput}
          onSend={send}
          onStop={conversation.stop}
          waiting={waiting}
          streaming={waiting}
          disabled={notice !== 'done'}
        />
        <p className="chat-disclaimer">
          AI answers can be wrong. General legal information, not legal advice.
        </p>
      </section>

      {notice === 'needed' ? (
        <NoticeDialog onAcknowledge={acknowledge}>{status}</NoticeDialog>
      ) : null}
    </div>
  );
}
