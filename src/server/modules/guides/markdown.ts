// Guide bodies, from Markdown to the small tree the pages render (src/shared/guides.ts). Only
// what guides need is kept: paragraphs, lists, sub-headings, quotes, emphasis, code and links.
// Raw HTML, images and anything else are dropped and reported, so the content check fails on
// them and nothing a guide contains can become markup.
import type {
  BlockContent,
  DefinitionContent,
  ListItem,
  PhrasingContent,
  RootContent,
} from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { headingAnchor, type GuideBlock, type GuideInline } from '../../../shared/guides.js';

export interface ConvertedBlocks {
  blocks: GuideBlock[];
  /** What was left out, e.g. "raw HTML at line 40". */
  problems: string[];
}

interface Context {
  problems: string[];
  /** Sub-heading ids used so far in the guide, to keep them unique. */
  ids: Set<string>;
}

const where = (node: { position?: { start: { line: number } } }) =>
  node.position ? ` at line ${node.position.start.line}` : '';

export function parseMarkdown(markdown: string) {
  return fromMarkdown(markdown).children;
}

function uniqueId(context: Context, text: string): string {
  const base = headingAnchor(text) || 'section';
  let id = base;
  for (let n = 2; context.ids.has(id); n += 1) id = `${base}-${n}`;
  context.ids.add(id);
  return id;
}

function convertInline(nodes: PhrasingContent[], context: Context): GuideInline[] {
  const out: GuideInline[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        out.push({ type: 'text', value: node.value });
        break;
      case 'strong':
        out.push({ type: 'strong', children: convertInline(node.children, context) });
        break;
      case 'emphasis':
        out.push({ type: 'emphasis', children: convertInline(node.children, context) });
        break;
      case 'inlineCode':
        out.push({ type: 'code', value: node.value });
        break;
      case 'break':
        out.push({ type: 'break' });
        break;
      case 'link':
        out.push({
          type: 'link',
          href: node.url,
          children: convertInline(node.children, context),
        });
        break;
      case 'html':
        context.problems.push(`raw HTML${where(node)}`);
        break;
      default:
        context.problems.push(`unsupported Markdown (${node.type})${where(node)}`);
        if ('children' in node) out.push(...convertInline(node.children, context));
    }
  }
  return out;
}

function convertListItem(item: ListItem, context: Context): GuideBlock[] {
  return convertBlocks(item.children, context);
}

/** Converts block-level nodes; `##` headings are the caller's business (they split sections). */
export function convertBlocks(
  nodes: (RootContent | BlockContent | DefinitionContent)[],
  context: Context,
): GuideBlock[] {
  const out: GuideBlock[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'paragraph':
        out.push({ type: 'paragraph', children: convertInline(node.children, context) });
        break;
      case 'heading':
        if (node.depth === 3 || node.depth === 4) {
          const children = convertInline(node.children, context);
          out.push({
            type: 'heading',
            depth: node.depth,
            id: uniqueId(context, inlineText(children)),
            children,
          });
        } else {
          context.problems.push(`a level-${node.depth} heading inside a section${where(node)}`);
        }
        break;
      case 'list':
        out.push({
          type: 'list',
          ordered: node.ordered === true,
          start: node.ordered && node.start != null && node.start !== 1 ? node.start : null,
          items: node.children.map((item) => convertListItem(item, context)),
        });
        break;
      case 'blockquote':
        out.push({ type: 'blockquote', children: convertBlocks(node.children, context) });
        break;
      case 'html':
        context.problems.push(`raw HTML${where(node)}`);
        break;
      case 'thematicBreak':
        break;
      default:
        context.problems.push(`unsupported Markdown (${node.type})${where(node)}`);
    }
  }
  return out;
}

/** The plain text of a heading's content. */
export function phrasingText(nodes: PhrasingContent[]): string {
  return inlineText(convertInline(nodes, createContext())).trim();
}

export function createContext(): Context {
  return { problems: [], ids: new Set() };
}

export function inlineText(nodes: GuideInline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'code':
          return node.value;
        case 'break':
          return ' ';
        default:
          return inlineText(node.children);
      }
    })
    .join('');
}

/** Plain text of blocks, for search and for grounding answers: one line per paragraph or item. */
export function blocksText(blocks: GuideBlock[]): string {
  const lines: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'paragraph':
      case 'heading':
        lines.push(inlineText(block.children));
        break;
      case 'blockquote':
        lines.push(blocksText(block.children));
        break;
      case 'list':
        block.items.forEach((item, index) => {
          const marker = block.ordered ? `${(block.start ?? 1) + index}.` : '-';
          lines.push(`${marker} ${blocksText(item).replace(/\n/g, ' ')}`);
        });
        break;
    }
  }
  return lines.join('\n').replace(/[ \t]+/g, ' ');
}

/** Every link in some blocks, with its text. */
export function blockLinks(blocks: GuideBlock[]): { href: string; text: string }[] {
  const links: { href: string; text: string }[] = [];
  const visitInline = (nodes: GuideInline[]) => {
    for (const node of nodes) {
      if (node.type === 'link') links.push({ href: node.href, text: inlineText(node.children) });
      if ('children' in node) visitInline(node.children);
    }
  };
  const visit = (list: GuideBlock[]) => {
    for (const block of list) {
      if (block.type === 'list') block.items.forEach(visit);
      else if (block.type === 'blockquote') visit(block.children);
      else visitInline(block.children);
    }
  };
  visit(blocks);
  return links;
}
