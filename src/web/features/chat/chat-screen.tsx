import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { ApiError } from '../../api-client';
import type { User } from '../../../shared/auth';
import {
  chatMessages,
  conversationIdSchema,
  replyMetadataSchema,
  type Conversation,
  type SendMessageRequest,
} from '../../../shared/chat';
import type { TokenStatus } from '../../../shared/tokens';
import { createChatApi, type ChatSession } from './chat-api';
import { ChatMessages, questionBefore, textOf, type ReplyMessage } from './chat-messages';
import { ChatSidebar, initialsOf, type SidebarList } from './chat-sidebar';
import { Composer } from './composer';
import { ExampleSlider } from './example-slider';
import { conversationMarkdown, downloadMarkdown } from './export-markdown';
import { conversationUrl } from './lawyer-contact';
import { NoticeDialog } from './notice-dialog';
import { useFollowEnd } from './use-follow-end';
import './chat.scss';

/** How often, and at most how many times, the page asks whether a cut-off reply is settled. */
const settleCheckMs = 300;
const settleChecks = 15;

/** A stored conversation as the chat shows it: each question, then its answer, in order. */
function toReplyMessages(conversation: Conversation): ReplyMessage[] {
  return conversation.messages.map((message) => ({
    id: message.id,
    role: message.role,
    metadata: { status: message.status, feedback: message.feedback, charged: message.charged },
    parts: [
      { type: 'text' as const, text: message.content },
      ...message.sources.map((source) => ({
        type: 'source-url' as const,
        sourceId: String(source.n),
        url: source.url,
        title: source.title,
      })),
    ],
  }));
}

/** A stored answer, the newest message, that failed or was cut off: it can be written again. */
function storedRetryableId(messages: ReplyMessage[]): string | undefined {
  const last = messages[messages.length - 1];
  const status = last?.metadata?.status;
  return last?.role === 'assistant' && (status === 'error' || status === 'stopped')
    ? last.id
    : undefined;
}

/** The newest answer, if its stream began: the `start` part gave its id and its conversation. */
function streamedAnswerId(messages: ReplyMessage[]): string | undefined {
  const last = messages[messages.length - 1];
  return last?.role === 'assistant' && last.metadata?.conversationId ? last.id : undefined;
}

/**
 * The stored answer of a reply that failed once its stream had begun: the stream's own `error`
 * part, or the connection lost, which the server stores as `stopped`. Retry answers its question
 * again in its place. After a refusal before the stream (a JSON error) the question is sent again.
 */
function failedAnswerId(messages: ReplyMessage[], error: Error | undefined): string | undefined {
  return error && !(error instanceof ApiError) ? streamedAnswerId(messages) : undefined;
}

const emptyList: SidebarList = { items: [], loading: false, hasMore: false, error: null };

/** What the page can ask of the chat screen. */
export interface ChatScreenHandle {
  /**
   * The plan changed (a subscription was confirmed): read the balance again and begin a new
   * conversation (product spec §3 and §4).
   */
  startOver(): void;
}

/**
 * The chat screen: the sidebar of chats and the conversation with its composer. Answers stream
 * through the AI SDK's useChat from POST /api/conversations/:id/messages.
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
  const [current, setCurrent] = useState<{ id: string; messages: ReplyMessage[] }>(() => ({
    id: crypto.randomUUID(),
    messages: [],
  }));
  const [input, setInput] = useState(initialAsk);
  const [tokens, setTokens] = useState<TokenStatus | null>(null);
  const [notice, setNotice] = useState<'unknown' | 'needed' | 'done'>('unknown');
  const [list, setList] = useState<SidebarList>(emptyList);
  const cursor = useRef<string | null>(null);
  const [query, setQuery] = useState('');
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  // A link to something that is not a conversation id is not found either, without asking.
  const linkedConversation =
    initialConversation && conversationIdSchema.safeParse(initialConversation).success
      ? initialConversation
      : null;
  const [notFound, setNotFound] = useState(() => !!initialConversation && !linkedConversation);

  const refreshTokens = useCallback(() => {
    api.tokens().then(setTokens, () => undefined);
  }, [api]);

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
  const loadMore = useCallback(() => void loadPage(false, query.trim()), [loadPage, query]);

  const transport = useMemo(
    () =>
      new DefaultChatTransport<ReplyMessage>({
        api: '/api/conversations',
        // Through the session: a 401 refreshes the access token once, and a JSON error before
        // the stream (402, 404, 413, 429) arrives as an ApiError with its code.
        fetch: (url, init) =>
          session.fetch(String(url), {
            method: 'POST',
            body: JSON.parse(String(init?.body ?? '{}')) as unknown,
            ...(init?.signal ? { signal: init.signal } : {}),
          }),
        prepareSendMessagesRequest: ({ id, messages, body }) => {
          const request: SendMessageRequest = { text: questionBefore(messages) };
          // Set by Retry: the server answers the stored question again instead of storing it.
          if (typeof body?.retryOf === 'string') request.retryOf = body.retryOf;
          return { api: `/api/conversations/${id}/messages`, body: request };
        },
      }),
    [session],
  );

  /**
   * The server settles a reply that was stopped, cut off or failed (charging what was written)
   * once it sees the end, and stores its answer in the same transaction. So the page reads the
   * balance until no reply of the person's is streaming (or it has asked `settleChecks` times),
   * then shows it and reads the list again.
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
      void loadPage(true, query.trim());
    };
    setTimeout(() => void check(), settleCheckMs);
  }, [api, loadPage, query]);

  /** Set while a Retry is being sent, so its refusal can be told from a new question's. */
  const retrying = useRef(false);

  const chat = useChat<ReplyMessage>({
    id: current.id,
    messages: current.messages,
    transport,
    // The start and finish parts' metadata (ids, charge, balance) is checked as it arrives.
    messageMetadataSchema: replyMetadataSchema,
    onFinish: ({ message }) => {
      retrying.current = false;
      const balance = message.metadata?.balance;
      if (balance !== undefined) setTokens((state) => (state ? { ...state, balance } : state));
      void loadPage(true, query.trim());
    },
    onError: (error) => {
      const wasRetry = retrying.current;
      retrying.current = false;
      if (error instanceof ApiError && error.code === 'tokens.insufficient') {
        onOutOfTokens();
        return;
      }
      afterSettling();
      // A Retry the server refused: the answer was stored otherwise than this page saw it (it
      // was finished after all, or is not stored yet). What is stored is shown instead.
      if (wasRetry && error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        void api.get(current.id).then(
          (conversation) => {
            chat.setMessages(toReplyMessages(conversation));
            chat.clearError();
          },
          () => undefined,
        );
      }
    },
  });
  const waiting = chat.status === 'submitted' || chat.status === 'streaming';
  const last = chat.messages[chat.messages.length - 1];
  const streamingId = chat.status === 'streaming' && last?.role === 'assistant' ? last.id : null;
  const lastText = last ? textOf(last) : '';
  // Loading dots until the first words: the stream starts (ids) before the model writes.
  const awaitingWords = waiting && (last?.role !== 'assistant' || lastText === '');

  useEffect(() => {
    refreshTokens();
    api.notice().then(
      ({ acknowledgedAt }) => setNotice(acknowledgedAt ? 'done' : 'needed'),
      () => setNotice('needed'),
    );
  }, [api, refreshTokens]);

  // The list follows the search field, a moment after typing stops.
  useEffect(() => {
    const timer = setTimeout(() => void loadPage(true, query.trim()), query ? 300 : 0);
    return () => clearTimeout(timer);
  }, [loadPage, query]);

  const stop = useCallback(() => {
    void chat.stop();
    afterSettling();
  }, [chat, afterSettling]);

  useEffect(() => {
    if (!waiting) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') stop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [waiting, stop]);

  function send() {
    const text = input.trim();
    if (!text || waiting) return;
    if (tokens && !tokens.unlimited && tokens.balance === 0) {
      onOutOfTokens();
      return;
    }
    setInput('');
    followEnd();
    void chat.sendMessage({ text });
  }

  function newChat() {
    if (waiting) stop();
    setCurrent({ id: crypto.randomUUID(), messages: [] });
    setInput('');
    setLoadError(null);
    setNotFound(false);
    setSidebarOpen(false);
  }

  useImperativeHandle(ref, () => ({
    startOver() {
      refreshTokens();
      newChat();
    },
  }));

  /** Loads a saved conversation into the screen: from the sidebar, or from a link to it. */
  const show = useCallback(
    async (id: string) => {
      try {
        const conversation = await api.get(id);
        setCurrent({ id, messages: toReplyMessages(conversation) });
      } catch (error) {
        // Another person's conversation answers 404 like one that never was.
        if (error instanceof ApiError && error.status === 404) setNotFound(true);
        else setLoadError('That chat could not be loaded. Please try again.');
      }
    },
    [api],
  );

  async function select(id: string) {
    if (waiting) stop();
    setSidebarOpen(false);
    setLoadError(null);
    setNotFound(false);
    followEnd();
    await show(id);
  }

  // A link to a conversation opens it once, as choosing it in the sidebar would.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !linkedConversation) return;
    opened.current = true;
    void show(linkedConversation);
  }, [linkedConversation, show]);

  function retry(retryOf = failedAnswerId(chat.messages, chat.error)) {
    retrying.current = retryOf !== undefined;
    chat.clearError();
    void chat.regenerate(retryOf ? { body: { retryOf } } : {});
  }

  async function rename(id: string, title: string) {
    const updated = await api.rename(id, title);
    setList((state) => ({
      ...state,
      items: state.items.map((item) => (item.id === id ? updated : item)),
    }));
  }

  async function remove(id: string) {
    // The answer being written to this chat stops first: there will be nowhere to read it.
    if (id === current.id && waiting) stop();
    await api.remove(id);
    setList((state) => ({ ...state, items: state.items.filter((item) => item.id !== id) }));
    if (id === current.id) newChat();
  }

  const title =
    list.items.find((item) => item.id === current.id)?.title ??
    (chat.messages[0] ? textOf(chat.messages[0]).slice(0, 60) : 'Conversation');
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const errorText =
    chat.error && !(chat.error instanceof ApiError && chat.error.code === 'tokens.insufficient')
      ? chat.error instanceof ApiError
        ? chat.error.message
        : chatMessages.replyFailed
      : null;

  // The conversation follows the answer down as it streams, unless the person scrolls up.
  const { panel: scrollPanel, follow: followEnd } = useFollowEnd(
    `${chat.messages.length} ${lastText.length} ${chat.status} ${errorText ?? ''}`,
  );

  return (
    <div className="chat-screen">
      <button
        type="button"
        className="btn btn-outline-primary chat-sidebar-toggle d-lg-none"
        aria-controls="chat-sidebar"
        aria-expanded={sidebarOpen}
        onClick={() => setSidebarOpen(true)}
      >
        Your chats
      </button>
      {sidebarOpen ? (
        <button
          type="button"
          className="chat-backdrop d-lg-none"
          aria-label="Close your chats"
          onClick={() => setSidebarOpen(false)}
        />
      ) : null}
      <aside
        id="chat-sidebar"
        className={sidebarOpen ? 'chat-sidebar open' : 'chat-sidebar'}
        aria-label="Chats and account"
        onKeyDown={(event) => {
          // Esc closes the open panel, and only that: it does not also stop an answer.
          if (event.key === 'Escape' && sidebarOpen) {
            event.stopPropagation();
            setSidebarOpen(false);
          }
        }}
      >
        <button
          type="button"
          className="btn btn-sm btn-link chat-sidebar-close d-lg-none"
          onClick={() => setSidebarOpen(false)}
        >
          Close
        </button>
        <ChatSidebar
          user={user}
          tokens={tokens}
          list={list}
          activeId={current.id}
          query={query}
          onQuery={setQuery}
          onNewChat={newChat}
          onSelect={(id) => void select(id)}
          onRename={rename}
          onDelete={remove}
          onLoadMore={loadMore}
          onSignOut={onSignOut}
        />
      </aside>

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
          {notFound ? (
            <p className="chat-link-status" role="status">
              {chatMessages.conversationNotFound}
            </p>
          ) : null}
          {loadError ? (
            <p className="alert alert-danger" role="alert">
              {loadError}
            </p>
          ) : null}
          {chat.messages.length === 0 ? (
            <div className="chat-empty">
              <img src="/logo.svg" alt="" width={72} height={72} className="chat-empty-image" />
              <p className="chat-empty-lead">
                Ask about your rights as a tenant, a consumer, an employee or a family member. The
                assistant is an AI: it gives general legal information from our lawyers’ guides, not
                legal advice.
              </p>
              <ExampleSlider onChoose={setInput} />
            </div>
          ) : (
            <ChatMessages
              messages={chat.messages}
              streamingId={streamingId}
              initials={initialsOf(user)}
              origin={origin}
              conversationLink={conversationUrl(origin, current.id)}
              onRate={(messageId, rating) => api.rate(messageId, rating)}
              retryableId={waiting || chat.error ? undefined : storedRetryableId(chat.messages)}
              onRetry={retry}
            />
          )}
          {awaitingWords ? (
            <div className="chat-loading" role="status">
              <span className="visually-hidden">Waiting for the answer</span>
              <span className="chat-dot" />
              <span className="chat-dot" />
              <span className="chat-dot" />
            </div>
          ) : null}
          {errorText ? (
            <div className="chat-error" role="alert">
              <span>{errorText}</span>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                onClick={() => retry()}
              >
                Retry
              </button>
            </div>
          ) : null}
        </div>

        <Composer
          value={input}
          onChange={setInput}
          onSend={send}
          onStop={stop}
          waiting={waiting}
          streaming={waiting}
          disabled={notice !== 'done'}
        />
        <p className="chat-disclaimer">
          AI answers can be wrong. General legal information, not legal advice.
        </p>
      </section>

      {notice === 'needed' ? (
        <NoticeDialog
          onAcknowledge={async () => {
            await api.acknowledgeNotice();
            setNotice('done');
          }}
        >
          {status}
        </NoticeDialog>
      ) : null}
    </div>
  );
}
