import { sourcesOf, textOf, type ReplyMessage } from './chat-messages';

/** A conversation as a Markdown document: each question and answer, sources as full links. */
export function conversationMarkdown(
  title: string,
  messages: ReplyMessage[],
  origin: string,
): string {
  const lines = [`# ${title}`, ''];
  for (const message of messages) {
    lines.push(message.role === 'user' ? '## Question' : '## Answer', '', textOf(message), '');
    const sources = sourcesOf(message);
    if (sources.length > 0) {
      lines.push('Sources:', '');
      for (const source of sources)
        lines.push(`${source.n}. ${source.title}: ${origin}${source.url}`);
      lines.push('');
    }
  }
  lines.push('---', '', 'General legal information from an AI assistant, not legal advice.', '');
  return lines.join('\n');
}

/** Saves the text as a .md file named after the conversation. */
export function downloadMarkdown(title: string, markdown: string) {
  const name =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'conversation';
  const url = URL.createObjectURL(new Blob([markdown], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.md`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
