import type { UIMessage } from 'ai';
import { useState } from 'react';
import type { ReplyMetadata } from '../../../shared/chat';
import { AnswerMarkdown } from './answer-markdown-lazy';
import { askStateLine, messageText } from '../../../shared/chat';
import { AskLawyer } from './ask-lawyer';
import { StatePicker } from './state-picker';

export type ReplyMessage = UIMessage<ReplyMetadata>;

export interface SourceLink {
  n: number;
  title: string;
  url: string;
}

/** A message's text: the one definition, shared with the server. */
export const textOf = messageText;

export function sourcesOf(message: ReplyMessage): SourceLink[] {
  return message.parts.flatMap((part) =>
    part.type === 'source-url'
      ? [{ n: Number(part.sourceId), title: part.title ?? part.url, url: part.url }]
      : [],
  );
}

/**
 * The question an answer replies to: the nearest one before `index` (a failed answer may sit
 * between); by default the conversation's last question.
 */
export function questionBefore(messages: ReplyMessage[], index = messages.length): string {
  for (let i = index - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'user') return textOf(message);
  }
  return '';
}

function Avatar({ role, initials }: { role: 'user' | 'assistant'; initials: string }) {
  return (
    <span className={`chat-avatar chat-avatar-${role}`} aria-hidden="true">
      {role === 'user' ? initials : 'L'}
    </span>
  );
}

/** A thumb icon drawn inline: emoji fonts are not everywhere. */
function Thumb({ down }: { down: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      className={down ? 'thumb thumb-down' : 'thumb'}
    >
      <path
        fill="currentColor"
        d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6C6.2 8 6 8.5 6 9v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"
      />
    </svg>
  );
}

function AnswerActions({
  message,
  question,
  conversationLink,
  onRate,
}: {
  message: ReplyMessage;
  question: string;
  conversationLink: string;
  onRate: (messageId: string, rating: 'up' | 'down' | null) => Promise<void>;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const [rating, setRating] = useState<'up' | 'down' | null>(message.metadata?.feedback ?? null);
  const [rateError, setRateError] = useState(false);

  async function copy() {
    // The clipboard can be refused (permissions, a page not in focus): say so rather than nothing.
    const done = await navigator.clipboard.writeText(textOf(message)).then(
      () => 'yes' as const,
      () => 'failed' as const,
    );
    setCopied(done);
    setTimeout(() => setCopied(null), 2000);
  }

  async function rate(next: 'up' | 'down') {
    const value = rating === next ? null : next;
    setRateError(false);
    try {
      await onRate(message.id, value);
      setRating(value);
    } catch {
      setRateError(true);
    }
  }

  return (
    <div className="answer-actions" role="group" aria-label="Answer actions">
      <button type="button" className="btn btn-sm btn-link" onClick={() => void copy()}>
        {copied === 'yes' ? 'Copied' : 'Copy'}
      </button>
      <button
        type="button"
        className="btn btn-sm btn-link"
        aria-pressed={rating === 'up'}
        aria-label="Helpful"
        onClick={() => void rate('up')}
      >
        <Thumb down={false} />
      </button>
      <button
        type="button"
        className="btn btn-sm btn-link"
        aria-pressed={rating === 'down'}
        aria-label="Not helpful"
        onClick={() => void rate('down')}
      >
        <Thumb down />
      </button>
      <AskLawyer question={question} conversationLink={conversationLink} />
      {rateError ? (
        <span className="text-danger small" role="status">
          Your rating was not saved.
        </span>
      ) : null}
      {copied === 'failed' ? (
        <span className="text-danger small" role="status">
          The answer could not be copied.
        </span>
      ) : null}
    </div>
  );
}

/** The conversation: questions and answers with their avatars, sources and actions. */
export function ChatMessages({
  messages,
  streamingId,
  initials,
  origin,
  conversationLink,
  onRate,
  retryableId,
  onRetry,
  onChooseState,
}: {
  messages: ReplyMessage[];
  /** The answer being written now, if any. */
  streamingId: string | null;
  initials: string;
  origin: string;
  /** The conversation's address in the chat, for "Ask a lawyer". */
  conversationLink: string;
  onRate: (messageId: string, rating: 'up' | 'down' | null) => Promise<void>;
  /** A stored answer that failed or was cut off and can be written again, with its Retry. */
  retryableId: string | undefined;
  onRetry: (messageId: string) => void;
  /** The newest answer asks which state the person is in: the picker asks again for it. */
  onChooseState: (stateName: string) => void;
}) {
  return (
    <ol className="chat-messages" aria-label="Conversation">
      {messages.map((message, index) => {
        const text = textOf(message);
        if (message.role === 'user') {
          return (
            <li key={message.id} className="chat-message chat-message-user">
              <Avatar role="user" initials={initials} />
              <div className="chat-bubble">
                <span className="visually-hidden">You: </span>
                <p className="chat-question">{text}</p>
              </div>
            </li>
          );
        }
        const sources = sourcesOf(message);
        const streaming = message.id === streamingId;
        const status = message.metadata?.status;
        return (
          <li key={message.id} className="chat-message chat-message-assistant">
            <Avatar role="assistant" initials={initials} />
            <div className="chat-bubble">
              <span className="visually-hidden">Assistant: </span>
              <AnswerMarkdown
                text={text}
                messageId={message.id}
                sources={new Set(sources.map((s) => s.n))}
                streaming={streaming}
              />
              {status === 'stopped' || status === 'error' ? (
                <p className="chat-note">
                  {status === 'stopped' ? 'Stopped.' : 'This answer could not be written.'}
                  {message.id === retryableId ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary ms-2 chat-retry"
                      onClick={() => onRetry(message.id)}
                    >
                      Retry
                    </button>
                  ) : null}
                </p>
              ) : null}
              {!streaming && index === messages.length - 1 && text.includes(askStateLine) ? (
                <StatePicker onChoose={onChooseState} />
              ) : null}
              {sources.length > 0 ? (
                <div className="chat-sources">
                  <h2 className="chat-sources-title">Sources</h2>
                  <ol>
                    {sources.map((source) => (
                      <li key={source.n} id={`source-${message.id}-${source.n}`} value={source.n}>
                        <a href={source.url}>{source.title}</a>
                        <span className="print-only"> {origin + source.url}</span>
                      </li>
                    ))}
                  </ol>
                </div>
              ) : null}
              {!streaming && text ? (
                <AnswerActions
                  message={message}
                  question={questionBefore(messages, index)}
                  conversationLink={conversationLink}
                  onRate={onRate}
                />
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
