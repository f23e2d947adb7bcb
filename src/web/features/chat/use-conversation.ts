import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api-client';
import {
  chatMessages,
  conversationIdSchema,
  replyMetadataSchema,
  type SendMessageRequest,
} from '../../../shared/chat';
import type { ChatApi, ChatSession } from './chat-api';
import { questionBefore, textOf, type ReplyMessage } from './chat-messages';
import { failedAnswerId } from './reply-messages';

/**
 * The conversation on screen and its stream: useChat with a transport through the signed-in
 * session, sending, stopping (Esc too), Retry, opening a saved chat or a link to one, and
 * starting a new one. What happens beside it (the balance, the list) is the caller's, told
 * through `onSettled` with the balance after the reply's charge: from the `finish` part of a
 * reply that finished, else from the answer to a stop (stopped, or its stream broken off).
 */
export function useConversation({
  api,
  session,
  initialAsk,
  initialConversation,
  onSettled,
  onOutOfTokens,
}: {
  api: ChatApi;
  session: ChatSession;
  initialAsk: string;
  initialConversation: string | null | undefined;
  onSettled: (balance: number | undefined) => void;
  onOutOfTokens: () => void;
}) {
  const [current, setCurrent] = useState<{ id: string; messages: ReplyMessage[] }>(() => ({
    id: crypto.randomUUID(),
    messages: [],
  }));
  const [input, setInput] = useState(initialAsk);
  const [loadError, setLoadError] = useState<string | null>(null);
  // A link to something that is not a conversation id is not found either, without asking.
  const linkedConversation =
    initialConversation && conversationIdSchema.safeParse(initialConversation).success
      ? initialConversation
      : null;
  const [notFound, setNotFound] = useState(() => !!initialConversation && !linkedConversation);

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

  /** Set while a Retry is being sent, so its refusal can be told from a new question's. */
  const retrying = useRef(false);
  /** The conversation on screen now, for answers that arrive after the person moved on. */
  const shownId = useRef(current.id);
  useEffect(() => {
    shownId.current = current.id;
  }, [current.id]);

  const chat = useChat<ReplyMessage>({
    id: current.id,
    messages: current.messages,
    transport,
    // The start and finish parts' metadata (ids, charge, balance) is checked as it arrives.
    messageMetadataSchema: replyMetadataSchema,
    onFinish: ({ message, isAbort, isError }) => {
      retrying.current = false;
      // A stopped or broken-off reply is settled by the answer to its stop (below).
      if (!isAbort && !isError) onSettled(message.metadata?.balance);
    },
    onError: (error) => {
      const wasRetry = retrying.current;
      retrying.current = false;
      if (error instanceof ApiError && error.code === 'tokens.insufficient') {
        onOutOfTokens();
        return;
      }
      // The stream broke off: the server stops the reply and answers once it is settled.
      if (!(error instanceof ApiError)) settle(current.id, { stopped: false });
      // A Retry the server refused: the answer was stored otherwise than this page saw it (it
      // was finished after all, or is not stored yet). What is stored is shown instead.
      if (wasRetry && error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        void api.get(current.id).then(
          (conversation) => {
            chat.setMessages(conversation.messages);
            chat.clearError();
          },
          () => undefined,
        );
      }
    },
  });
  const waiting = chat.status === 'submitted' || chat.status === 'streaming';

  /**
   * Asks the server to stop the conversation's reply and shows what it answers once the reply
   * is settled: the balance after its charge and, for a reply the person stopped, the answer as
   * stored ("Stopped.", with Retry) when it is still on screen.
   */
  const { setMessages } = chat;
  const settle = useCallback(
    (conversationId: string, { stopped }: { stopped: boolean }) => {
      api.stop(conversationId).then(
        ({ answer, charged, balance }) => {
          onSettled(balance);
          if (!stopped || !answer || conversationId !== shownId.current) return;
          setMessages((messages) =>
            messages.map((message) =>
              message.id === answer.id
                ? { ...message, metadata: { ...message.metadata, status: answer.status, charged } }
                : message,
            ),
          );
        },
        () => onSettled(undefined),
      );
    },
    [api, onSettled, setMessages],
  );

  const stop = useCallback(() => {
    void chat.stop();
    settle(current.id, { stopped: true });
  }, [chat, settle, current.id]);

  useEffect(() => {
    if (!waiting) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') stop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [waiting, stop]);

  /** Sends the question typed; false when there is nothing to send (or no tokens to send it). */
  /** Sends what the composer holds, or `asked` (a question chosen on the page). */
  function send({ outOfTokens, asked }: { outOfTokens: boolean; asked?: string }): boolean {
    const text = (asked ?? input).trim();
    if (!text || waiting) return false;
    if (outOfTokens) {
      onOutOfTokens();
      return false;
    }
    if (asked === undefined) setInput('');
    void chat.sendMessage({ text });
    return true;
  }

  function newChat() {
    if (waiting) stop();
    setCurrent({ id: crypto.randomUUID(), messages: [] });
    setInput('');
    setLoadError(null);
    setNotFound(false);
  }

  /** Loads a saved conversation into the screen: from the sidebar, or from a link to it. */
  const show = useCallback(
    async (id: string) => {
      try {
        const conversation = await api.get(id);
        setCurrent({ id, messages: conversation.messages });
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
    setLoadError(null);
    setNotFound(false);
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

  const last = chat.messages[chat.messages.length - 1];
  const lastText = last ? textOf(last) : '';
  const errorText =
    chat.error && !(chat.error instanceof ApiError && chat.error.code === 'tokens.insufficient')
      ? chat.error instanceof ApiError
        ? chat.error.message
        : chatMessages.replyFailed
      : null;

  return {
    id: current.id,
    chat,
    waiting,
    /** The answer being written, while its words arrive. */
    streamingId: chat.status === 'streaming' && last?.role === 'assistant' ? last.id : null,
    lastText,
    // Loading dots until the first words: the stream starts (ids) before the model writes.
    awaitingWords: waiting && (last?.role !== 'assistant' || lastText === ''),
    errorText,
    input,
    setInput,
    loadError,
    notFound,
    send,
    stop,
    newChat,
    select,
    retry,
  };
}
