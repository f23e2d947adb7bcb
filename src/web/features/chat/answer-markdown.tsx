import { memo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remend from 'remend';
import remarkGfm from 'remark-gfm';

/** Only these link targets are followed: a reply's other links stay as plain text. */
const allowedProtocols = /^(https?:|mailto:)/i;

/**
 * http, https and mailto addresses; a citation's fragment (#source-…) and a path on this site
 * (/guides/…). Anything else (javascript:, data:, protocol-relative //host) becomes no link.
 */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  if (allowedProtocols.test(trimmed)) return trimmed;
  if (trimmed.startsWith('#source-')) return trimmed;
  if (/^\/(?!\/)/.test(trimmed) && !trimmed.includes('\\')) return trimmed;
  return '';
}

function AnswerLink({ href, children }: ComponentProps<'a'>) {
  if (!href) return <span>{children}</span>;
  if (href.startsWith('#') || href.startsWith('/')) {
    return (
      <a href={href} className={href.startsWith('#') ? 'citation' : undefined}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/**
 * HTML in a reply is shown as the text it is, never as markup: each raw HTML node becomes a text
 * node (wrapped in a paragraph where it stood as a block).
 */
function remarkHtmlAsText() {
  const visit = (node: MdNode, inline: boolean) => {
    if (!node.children) return;
    node.children = node.children.map((child) => {
      if (child.type !== 'html') {
        visit(child, child.type === 'paragraph' || child.type === 'heading' || inline);
        return child;
      }
      const text = { type: 'text', value: child.value ?? '' };
      return inline ? text : { type: 'paragraph', children: [text] };
    });
  };
  return (tree: MdNode) => visit(tree, false);
}

const components: Components = {
  a: AnswerLink,
  // No image is loaded from a reply: its alt text stands in (an image could track the reader).
  img: ({ alt }) => <span className="answer-image-alt">{alt ? `[${alt}]` : ''}</span>,
};

/** `[n]` markers of cited sources become links to the source list under the answer. */
export function linkCitations(text: string, messageId: string, sources: ReadonlySet<number>) {
  return text.replace(/\[(\d{1,3})\](?![(:[])/g, (marker, digits: string) =>
    sources.has(Number(digits)) ? `[\\[${digits}\\]](#source-${messageId}-${digits})` : marker,
  );
}

/**
 * A reply as Markdown (GFM: lists, tables, code), with no raw HTML: HTML in a reply shows as
 * the text it is. `remend` closes what a half-streamed reply left open (bold, code, links), so
 * it never flashes broken.
 */
export const AnswerMarkdown = memo(function AnswerMarkdown({
  text,
  messageId,
  sources,
  streaming,
}: {
  text: string;
  messageId: string;
  sources: ReadonlySet<number>;
  streaming: boolean;
}) {
  const healed = streaming ? remend(text) : text;
  return (
    <div className="answer-markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkHtmlAsText]}
        urlTransform={safeUrl}
        components={components}
      >
        {linkCitations(healed, messageId, sources)}
      </ReactMarkdown>
    </div>
  );
});
