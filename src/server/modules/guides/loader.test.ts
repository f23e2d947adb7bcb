import { describe, expect, it } from 'vitest';
import { assembleLibrary, GuideContentError, parseGuide } from './loader';

const frontMatter = (extra = '', overrides: Record<string, string> = {}) => {
  const fields: Record<string, string> = {
    title: 'Getting your security deposit back',
    summary:
      '>-\n  What a landlord may keep from a deposit, and how to ask for the rest back in writing.',
    area: 'renting',
    jurisdiction: 'US',
    lastReviewed: '2026-11-23',
    keywords: '\n  - deposit back\n  - landlord kept deposit\n  - move out\n  - wear and tear',
    sources:
      '\n  - title: "California Civil Code section 1950.5"\n    url: https://leginfo.legislature.ca.gov/faces/codes.xhtml\n' +
      '  - title: "Texas Property Code chapter 92"\n    url: https://statutes.capitol.texas.gov/Docs/PR/htm/PR.92.htm\n' +
      '  - title: "Utah courts: deposits"\n    url: https://utcourts.gov/en/self-help.html',
    ...overrides,
  };
  return `---\n${Object.entries(fields)
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n')}\n${extra}---\n`;
};

const body = `
Intro paragraph.

## What the law generally says

Some **bold** text and a [link](/guides/eviction#steps-to-take).

### A sub-heading

- one
- two

## Steps to take

1. First
2. Second <b>raw</b>

## Deadlines to watch

Soon.

## Where the rules differ by place

![a picture](https://example.gov/x.png)

## When to see a lawyer

When in doubt.
`;

const file = 'content/guides/renting/security-deposits.md';

describe('parseGuide', () => {
  it('splits the body at ## headings into sections with anchors', () => {
    const guide = parseGuide(file, frontMatter() + body);
    expect(guide.document.slug).toBe('security-deposits');
    expect(guide.headings).toEqual([
      'What the law generally says',
      'Steps to take',
      'Deadlines to watch',
      'Where the rules differ by place',
      'When to see a lawyer',
    ]);
    expect(guide.document.sections[3]!.anchor).toBe('where-the-rules-differ-by-place');
    expect(guide.document.intro).toEqual([
      { type: 'paragraph', children: [{ type: 'text', value: 'Intro paragraph.' }] },
    ]);
    expect(guide.document.sections[0]!.blocks[1]).toMatchObject({
      type: 'heading',
      depth: 3,
      id: 'a-sub-heading',
    });
    expect(guide.links).toEqual([{ href: '/guides/eviction#steps-to-take', text: 'link' }]);
    expect(guide.document.reviewedBy).toBeNull();
  });

  it('drops raw HTML and images from what is rendered, and reports them', () => {
    const guide = parseGuide(file, frontMatter() + body);
    expect(guide.problems).toEqual([
      expect.stringMatching(/^raw HTML at line/),
      expect.stringMatching(/^raw HTML at line/),
      expect.stringMatching(/^unsupported Markdown \(image\)/),
    ]);
    expect(JSON.stringify(guide.document)).not.toContain('<b>');
  });

  it('shows a reviewer only when the front matter names one', () => {
    const guide = parseGuide(file, frontMatter('reviewedBy: Jane Roe, Esq.\n') + body);
    expect(guide.document.reviewedBy).toBe('Jane Roe, Esq.');
  });

  it.each([
    [
      'an http source',
      {
        sources:
          '\n  - title: "A"\n    url: http://example.gov/a\n  - title: "B"\n    url: https://example.gov/b\n  - title: "C"\n    url: https://example.gov/c',
      },
    ],
    ['an unknown area', { area: 'tax' }],
    ['a date that does not exist', { lastReviewed: '2026-02-30' }],
    ['a state code that is not one', { jurisdiction: 'California' }],
    ['too few keywords', { keywords: '\n  - one' }],
  ])('refuses %s', (_name, overrides) => {
    expect(() => parseGuide(file, frontMatter('', overrides) + body)).toThrow(GuideContentError);
  });

  it('refuses an unknown front matter key, a file in the wrong folder and a missing front matter', () => {
    expect(() => parseGuide(file, frontMatter('author: Someone\n') + body)).toThrow(/author/);
    expect(() => parseGuide('content/guides/family/x.md', frontMatter() + body)).toThrow(
      /area is "renting"/,
    );
    expect(() => parseGuide(file, body)).toThrow(/front matter/);
  });

  it('refuses two guides with one slug', () => {
    const one = parseGuide(file, frontMatter() + body);
    const two = parseGuide(
      'content/guides/renting/../renting/security-deposits.md',
      frontMatter() + body,
    );
    expect(() => assembleLibrary([one, two])).toThrow(/already used/);
  });
});
