import { beforeAll, describe, expect, it } from 'vitest';
import type { GuideDocument } from '../../../shared/guides';
import { libraryOf } from './library-file';
import { loadGuideLibrary } from './loader';
import { createGuidesService, type GuidesService } from './service';

/** The first guide of each result, in order. */
const guidesOf = (service: GuidesService, query: string, jurisdiction?: string) => [
  ...new Set(service.searchPassages({ query, jurisdiction }).map((passage) => passage.slug)),
];

describe('guide search over the library', () => {
  let guides: GuidesService;
  beforeAll(() => {
    guides = createGuidesService({ library: loadGuideLibrary() });
  });

  // A few questions per area, written the way people type them (not the eval's questions).
  it.each([
    ['landlord is kicking me out with 3 days notice', 'eviction'],
    ['my landlord kept my whole deposit after i moved out', 'security-deposits'],
    ['ceiling has mold and the landlord wont fix it', 'repairs-and-habitability'],
    ['boss didnt pay me for my last two weeks', 'unpaid-wages'],
    ['i work 50 hours a week and get no overtime', 'overtime-pay'],
    ['got fired right after i reported safety problems', 'retaliation-and-wrongful-termination'],
    ['can i take time off work to care for my sick mom', 'family-and-medical-leave'],
    ['debt colector calls my work every day', 'debt-collectors'],
    ['someone opened a credit card in my name', 'identity-theft'],
    ['i was served papers for a lawsuit what do i do', 'being-sued'],
    ['how much can i sue for in small claims', 'small-claims-court'],
    ['how do i get a restraining order against my ex', 'protective-orders'],
    ['how is child support calculated', 'child-support'],
    ['my dad died without a will who gets the house', 'dying-without-a-will'],
    ['what does an executor have to do', 'serving-as-executor'],
    ['got a speeding ticket should i fight it', 'traffic-tickets'],
    ['arrested for drunk driving first time', 'dui-and-dwi'],
    ['should i form an llc or stay a sole proprietor', 'choosing-a-business-structure'],
    ['client wont pay my invoice', 'collecting-unpaid-invoices'],
    ['how do i apply for a green card through my wife', 'green-cards'],
    ['can the cops search my car without a warrant', 'searches-and-your-rights'],
    ['what should i say if police pull me over', 'police-stops-and-questioning'],
  ])('"%s" finds %s among the first three guides', (query, slug) => {
    expect(guidesOf(guides, query).slice(0, 3)).toContain(slug);
  });

  it('finds guides despite typos and half-typed words', () => {
    expect(guidesOf(guides, 'evicton notise').slice(0, 3)).toContain('eviction');
    expect(guidesOf(guides, 'secur depos').slice(0, 3)).toContain('security-deposits');
  });

  it('answers with passages: slug, title, section anchor, snippet and score, best first', () => {
    const results = guides.searchPassages({ query: 'landlord kept my security deposit', limit: 5 });
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(5);
    const [first] = results;
    expect(first).toMatchObject({ slug: 'security-deposits', jurisdiction: 'US' });
    expect(first!.guideTitle.length).toBeGreaterThan(0);
    expect(first!.anchor).toMatch(/^[a-z0-9-]+$/);
    expect(first!.text.length).toBeGreaterThan(first!.snippet.length / 2);
    expect(first!.snippet.toLowerCase()).toMatch(/deposit/);
    const scores = results.map((result) => result.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // At most two passages of one guide, so other guides get a place.
    expect(
      results.filter((result) => result.slug === 'security-deposits').length,
    ).toBeLessThanOrEqual(2);
  });

  it('finds nothing for a query of common words only, or for nonsense', () => {
    expect(guides.searchPassages({ query: 'what is the' })).toEqual([]);
    expect(guides.searchPassages({ query: 'qqqqxz zzvvwy' })).toEqual([]);
  });

  it('lists every guide and finds one by slug', () => {
    const list = guides.listGuides();
    expect(list.length).toBeGreaterThanOrEqual(1);
    const first = list[0]!;
    expect(guides.getGuide(first.slug)?.title).toBe(first.title);
    expect(guides.getGuide('no-such-guide')).toBeUndefined();
  });
});

describe('guide search by jurisdiction', () => {
  const guide = (slug: string, jurisdiction: string, text: string): GuideDocument => ({
    slug,
    title: 'Getting a security deposit back',
    summary: `Security deposits and how to get one back. ${text}`,
    area: 'renting',
    jurisdiction,
    lastReviewed: '2026-11-23',
    reviewedBy: null,
    keywords: ['deposit back', 'landlord kept deposit', 'move out', 'wear and tear'],
    sources: [],
    facts: [],
    questions: [],
    intro: [],
    sections: [
      {
        anchor: 'what-the-law-generally-says',
        heading: 'What the law generally says',
        blocks: [{ type: 'paragraph', children: [{ type: 'text', value: text }] }],
      },
    ],
    related: [],
  });
  const service = createGuidesService({
    library: libraryOf([
      guide('deposits-national', 'US', 'A landlord must return the deposit within a deadline.'),
      guide(
        'deposits-california',
        'US-CA',
        'In California the landlord has 21 days to return a deposit.',
      ),
      guide('deposits-texas', 'US-TX', 'In Texas the landlord has 30 days to return a deposit.'),
    ]),
  });

  it('puts the person’s own state guide first, then the national one, and leaves out other states', () => {
    expect(guidesOf(service, 'landlord deposit back', 'US-CA')).toEqual([
      'deposits-california',
      'deposits-national',
    ]);
    expect(guidesOf(service, 'landlord deposit back', 'US-TX')).toEqual([
      'deposits-texas',
      'deposits-national',
    ]);
  });

  it('keeps every guide when the state is not known', () => {
    expect(guidesOf(service, 'landlord deposit back', 'US').sort()).toEqual([
      'deposits-california',
      'deposits-national',
      'deposits-texas',
    ]);
    expect(guidesOf(service, 'landlord deposit back').length).toBe(3);
  });
});

describe('a service given a way to read the guides', () => {
  it('reads them once, on first use', () => {
    let reads = 0;
    const library = libraryOf([]);
    const service = createGuidesService({
      library: () => {
        reads += 1;
        return library;
      },
    });
    expect(reads).toBe(0);
    expect(service.searchPassages({ query: 'deposit' })).toEqual([]);
    expect(service.listGuides()).toEqual([]);
    expect(reads).toBe(1);
  });
});
