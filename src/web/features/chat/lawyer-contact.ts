/** The contact form's message, as the chat fills it in: at most this many characters. */
export const lawyerMessageLimit = 4000;

export const lawyerSubject = 'A question for a lawyer';

/**
 * The address of a conversation in the chat. It opens only for someone signed in to the
 * account that owns it, so it is the person's own record to pass on, not a way in for others.
 */
export function conversationUrl(origin: string, conversationId: string): string {
  return `${origin}/chatbot?${new URLSearchParams({ conversation: conversationId }).toString()}`;
}

/**
 * /contact with the subject and the question filled in and, when the person chose to include
 * it, the conversation's address after a blank line. The question is cut to fit, never the link.
 */
export function lawyerContactPath({
  question,
  conversationLink,
}: {
  question: string;
  conversationLink?: string | null;
}): string {
  const link = conversationLink ? `Conversation: ${conversationLink}` : '';
  const room = lawyerMessageLimit - (link ? link.length + 2 : 0);
  const text = cutText(question.trim(), Math.max(room, 0));
  const message = link ? (text ? `${text}\n\n${link}` : link) : text;
  return `/contact?${new URLSearchParams({ subject: lawyerSubject, message }).toString()}`;
}

/** The first `max` characters, without leaving half of a character made of two code units. */
function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * The case form (/cases/new) with the question and the conversation it comes from; the form
 * offers to share that conversation, unticked.
 */
export function askLawyerPath(question: string, conversationLink: string): string {
  const conversation =
    new URL(conversationLink, 'http://localhost').searchParams.get('conversation') ?? '';
  const params = new URLSearchParams({ question: cutText(question.trim(), lawyerMessageLimit) });
  if (conversation) params.set('conversation', conversation);
  return `/cases/new?${params.toString()}`;
}
