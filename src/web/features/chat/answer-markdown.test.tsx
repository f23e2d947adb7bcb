import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnswerMarkdown } from './answer-markdown';

const id = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

function render(text: string, sources: number[] = [1, 2]) {
  return renderToStaticMarkup(
    <AnswerMarkdown text={text} messageId={id} sources={new Set(sources)} streaming={false} />,
  );
}

describe('an answer as Markdown', () => {
  it('links the [n] markers of its sources, and only in its text', () => {
    const html = render(
      'The deposit comes back within 21 days [1], or [2]; not [3].\n\n' +
        'In code, `x[1]` stays:\n\n```\nlist[2] = 0\n```',
    );
    expect(html).toContain(`<a href="#source-${id}-1" class="citation">[1]</a>`);
    expect(html).toContain(`<a href="#source-${id}-2" class="citation">[2]</a>`);
    // Not a source of this answer: plain text.
    expect(html).toContain('not [3].');
    expect(html).toContain('<code>x[1]</code>');
    expect(html).toContain('list[2] = 0');
    expect(html.match(/class="citation"/g)).toHaveLength(2);
  });

  it('follows only http, https and mailto links, each in a new tab', () => {
    const html = render(
      '[official](https://www.gov.uk/deposit-protection-schemes-and-landlords) ' +
        '[mail](mailto:help@example.com) [script](javascript:alert(1)) ' +
        '[here](/account) [far](//evil.example/x) [data](data:text/html,hi)',
    );
    expect(html).toContain(
      '<a href="https://www.gov.uk/deposit-protection-schemes-and-landlords" target="_blank" rel="noopener noreferrer">official</a>',
    );
    expect(html).toContain(
      '<a href="mailto:help@example.com" target="_blank" rel="noopener noreferrer">mail</a>',
    );
    for (const name of ['script', 'here', 'far', 'data']) {
      expect(html).toContain(`<span>${name}</span>`);
    }
    expect(html).not.toMatch(/javascript:|href="\/|evil\.example|data:text/);
  });

  it('shows HTML as the text it is', () => {
    const html = render('<b>bold</b> <img src=x onerror=alert(1)>\n\n<script>alert(1)</script>');
    expect(html).not.toMatch(/<b>|<img|<script/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
