import { Fragment } from 'react';
import { Link } from 'react-router';
import type { GuideBlock, GuideInline } from '../../../shared/guides';

/**
 * A link in a guide: internal guide links stay in the app, https links open the official page.
 * Anything else (which the content check refuses) is shown as its text only.
 */
function GuideLink({ href, children }: { href: string; children: React.ReactNode }) {
  if (/^\/guides\/[a-z0-9-]+(#[a-z0-9-]+)?$/.test(href)) return <Link to={href}>{children}</Link>;
  if (href.startsWith('https://')) {
    return (
      <a href={href} rel="noopener">
        {children}
      </a>
    );
  }
  return <>{children}</>;
}

export function GuideInlines({ nodes }: { nodes: GuideInline[] }) {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={i}>{node.value}</Fragment>;
      case 'strong':
        return (
          <strong key={i}>
            <GuideInlines nodes={node.children} />
          </strong>
        );
      case 'emphasis':
        return (
          <em key={i}>
            <GuideInlines nodes={node.children} />
          </em>
        );
      case 'code':
        return <code key={i}>{node.value}</code>;
      case 'break':
        return <br key={i} />;
      case 'link':
        return (
          <GuideLink key={i} href={node.href}>
            <GuideInlines nodes={node.children} />
          </GuideLink>
        );
    }
  });
}

/** A list item holding one paragraph renders it bare, as Markdown's "tight" lists do. */
function ListItemContent({ blocks }: { blocks: GuideBlock[] }) {
  const [first] = blocks;
  if (blocks.length === 1 && first?.type === 'paragraph') {
    return <GuideInlines nodes={first.children} />;
  }
  return <GuideBlocks blocks={blocks} />;
}

/** A guide's text, from the tree the build parsed; there is no raw HTML to render. */
export function GuideBlocks({ blocks }: { blocks: GuideBlock[] }) {
  return blocks.map((block, i) => {
    switch (block.type) {
      case 'paragraph':
        return (
          <p key={i}>
            <GuideInlines nodes={block.children} />
          </p>
        );
      case 'heading': {
        const Heading = block.depth === 3 ? 'h3' : 'h4';
        return (
          <Heading key={i} id={block.id}>
            <GuideInlines nodes={block.children} />
          </Heading>
        );
      }
      case 'list': {
        const items = block.items.map((item, j) => (
          <li key={j}>
            <ListItemContent blocks={item} />
          </li>
        ));
        return block.ordered ? (
          <ol key={i} start={block.start ?? undefined}>
            {items}
          </ol>
        ) : (
          <ul key={i}>{items}</ul>
        );
      }
      case 'blockquote':
        return (
          <blockquote key={i}>
            <GuideBlocks blocks={block.children} />
          </blockquote>
        );
    }
  });
}
