import { Link } from 'react-router';
import { askLawyerPath } from './lawyer-contact';

/**
 * "Ask a lawyer" under an answer: opens the case form with the question filled in. Whether the
 * conversation is shared with the firm is chosen there, unticked until the person ticks it.
 */
export function AskLawyer({
  question,
  conversationLink,
}: {
  question: string;
  /** The conversation's address in the chat. */
  conversationLink: string;
}) {
  return (
    <div className="ask-lawyer">
      <Link
        className="btn btn-sm btn-outline-primary"
        to={askLawyerPath(question, conversationLink)}
      >
        Ask a lawyer
      </Link>
    </div>
  );
}
