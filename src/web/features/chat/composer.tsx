import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { chatLimits } from '../../../shared/chat';

/**
 * The question box: Enter sends, Shift+Enter breaks the line, blank input is ignored, and a
 * counter appears near the limit. While an answer streams, Stop replaces Send.
 */
export function Composer({
  value,
  onChange,
  onSend,
  onStop,
  waiting,
  streaming,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  waiting: boolean;
  streaming: boolean;
  disabled: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const length = value.length;
  const over = length > chatLimits.maxMessageLength;

  useEffect(() => {
    if (!waiting && !disabled) input.current?.focus();
  }, [waiting, disabled]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (waiting || disabled || over || value.trim().length === 0) return;
    onSend();
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form className="chat-composer" onSubmit={submit} aria-label="Ask a question">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Your question
      </label>
      <textarea
        ref={input}
        id={`${id}-input`}
        className="form-control"
        placeholder="Write your message..."
        rows={2}
        value={value}
        disabled={waiting || disabled}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={keyDown}
        aria-describedby={length >= chatLimits.counterFrom ? `${id}-counter` : undefined}
        aria-invalid={over || undefined}
      />
      <div className="chat-composer-actions">
        {length >= chatLimits.counterFrom ? (
          <span id={`${id}-counter`} className={over ? 'chat-counter text-danger' : 'chat-counter'}>
            {length.toLocaleString('en-US')} / {chatLimits.maxMessageLength.toLocaleString('en-US')}
          </span>
        ) : null}
        {streaming ? (
          <button type="button" className="btn btn-outline-danger" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button
            type="submit"
            className="btn btn-primary"
            disabled={waiting || disabled || over || value.trim().length === 0}
          >
            Send
          </button>
        )}
      </div>
    </form>
  );
}
