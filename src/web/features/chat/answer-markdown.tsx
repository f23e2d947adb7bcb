import { memo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remend from 'remend';
import remarkGfm from 'remark-gfm';

/** Only these link targets are followed: a reply's other links stay as plain text. */
const allowedProtocols = /^(https?:|mailto:)/i;

/**
 * http, https and mailto addresses, and a citation's fragment (#source-…). Anything else
 * (javascript:, data:, a path, protocol-relative //host) becomes no link: an answer never takes
 * the person away from the chat in its own tab.
 */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  if (allowedProtocols.test(trimmed)) return trimmed;
  if (/^#source-[\w-]+$/.test(trimmed)) return trimmed;
  return '';
}

function AnswerLink({ href, children }: ComponentProps<'a'>) {
  if (!href) return <span>{children}</span>;
  if (href.startsWith('#')) {
    return (
      <a href={href} className="citation">
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
  url?: string;
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

const citationMarker = /\[(\d{1,3})\]/g;

/**
 * `[n]` markers of cited sources become links to the source list under the answer. Only the
 * answer's text is looked at: a marker in code (`x[1]`) or inside a link stays as written.
 */
export function remarkCitations({
  messageId,
  sources,
}: {
  messageId: string;
  sources: ReadonlySet<number>;
}) {
  const linked = (text: MdNode): MdNode[] => {
    const value = text.value ?? '';
    const pieces: MdNode[] = [];
    let last = 0;
    for (const match of value.matchAll(citationMarker)) {
      const n = Number(match[1]);
      if (!sources.has(n)) continue;
      if (match.index > last) pieces.push({ type: 'text', value: value.slice(last, match.index) });
      pieces.push({
        type: 'link',
        url: `#source-${messageId}-${n}`,
        children: [{ type: 'text', value: match[0] }],
      });
      last = match.index + match[0].length;
    }
    if (pieces.length === 0) return [text];
    if (last < value.length) pieces.push({ type: 'text', value: value.slice(last) });
    return pieces;
  };
  const visit = (node: MdNode) => {
    if (!node.children || node.type === 'link' || node.type === 'linkReference') return;
    node.children = node.children.flatMap((child) => {
      if (child.type === 'text') return linked(child);
      visit(child);
      return [child];
    });
  };
  return (tree: MdNode) => visit(tree);
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
        remarkPlugins={[remarkGfm, remarkHtmlAsText, [remarkCitations, { messageId, sources }]]}
        urlTransform={safeUrl}
        components={components}
      >
        {healed}
      </ReactMarkdown>
    </div>
  );
});
