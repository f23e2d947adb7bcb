import { describe, expect, it } from 'vitest';
import type { GuideDocument, GuideQuestion } from '../../../shared/guides';
import { composeAnswer } from './compose';
import { sectionHolding } from './citations';
import { indexQuestions, matchQuestions, weightedTerms } from './questions';

const question = (ask: string, also: string[], answer: string): GuideQuestion => ({
  ask,
  also,
  answer,
  anchor: 'what-the-law-generally-says',
});

const guide = (slug: string, questions: GuideQuestion[]): GuideDocument => ({
  slug,
  title: slug,
  summary: 'A guide used by the matching tests, long enough to be a summary.',
  area: 'renting',
  jurisdiction: 'US',
  lastReviewed: '2026-11-25',
  reviewedBy: null,
  keywords: [],
  sources: [],
  facts: [],
  questions,
  intro: [],
  sections: [
    {
      anchor: 'what-the-law-generally-says',
      heading: 'What the law generally says',
      blocks: [
        {
          type: 'paragraph',
          children: [{ type: 'text', value: questions.map((q) => q.answer).join(' ') }],
        },
      ],
    },
  ],
  related: [],
});

const deposits = guide('deposits', [
  question(
    'How long does a landlord have to return a security deposit?',
    ['I moved out and still have not got my deposit back'],
    'The landlord must return the deposit within a set number of days after you move out.',
  ),
  question(
    'Can my landlord keep my deposit for normal wear and tear?',
    ['can they charge me for faded paint'],
    'A landlord may not charge for normal wear and tear.',
  ),
]);
const leave = guide('leave', [
  question(
    'How much time off can I take under the FMLA?',
    ['how many weeks of family leave do I get'],
    'Eligible employees can take up to 12 workweeks of leave in a 12-month period.',
  ),
  question('Is FMLA leave paid?', ['do I get paid during family leave'], 'FMLA leave is unpaid.'),
]);
const index = indexQuestions([deposits, leave]);
const best = (text: string, slugs = ['deposits', 'leave'], figure?: 'duration') =>
  matchQuestions(index, weightedTerms(text), slugs, figure)[0];

describe("the guides' own questions", () => {
  it('find the question a person asks in their own words', () => {
    expect(best('moved out 5 weeks ago and my landlord still has my deposit')?.question.ask).toBe(
      'How long does a landlord have to return a security deposit?',
    );
    expect(best('they charged me for faded paint')?.question.ask).toBe(
      'Can my landlord keep my deposit for normal wear and tear?',
    );
  });

  it('read a word one letter off as the word the questions use', () => {
    const typed = best('landlrod depositt');
    expect(typed?.question.ask).toBe('How long does a landlord have to return a security deposit?');
    expect(typed?.score).toBeGreaterThan(0.3);
  });

  it('weigh a question that asks for another kind of figure less', () => {
    const asked = 'how many weeks of fmla leave do i get paid';
    expect(best(asked, ['leave'], 'duration')?.question.answer).toMatch(/12 workweeks/);
  });

  it('find a question by the words of its answer, and by its ways of asking taken together', () => {
    const rooms = guide('rooms', [
      question('Is FMLA leave paid?', ['do I get paid during leave'], 'FMLA leave is unpaid.'),
      question(
        'Can they charge for wear and tear?',
        ['can they charge for paint', 'what about the old carpet stains'],
        'A landlord may not charge for light scuffs.',
      ),
      question(
        'Who picks the paint colors?',
        ['who chooses paint and wallpaper'],
        'The lease may say who chooses colors.',
      ),
    ]);
    const roomIndex = indexQuestions([rooms]);
    const match = (text: string) =>
      matchQuestions(roomIndex, weightedTerms(text), ['rooms'], undefined)[0];
    // No way of asking says "scuffs": its answer does.
    expect(match('scuffs')?.question.ask).toBe('Can they charge for wear and tear?');
    // "paint" and "carpet" stand in two ways of asking one question: together they find it.
    expect(match('paint carpet')?.question.ask).toBe('Can they charge for wear and tear?');
  });

  it('score nothing for words no question shares', () => {
    expect(best('recipe for sourdough bread')?.score ?? 0).toBe(0);
  });

  it('only look in the guides they are given', () => {
    expect(best('how long does my landlord have', ['leave'])?.slug).toBe('leave');
  });

  it("find the section that holds a guide's sentence", () => {
    expect(sectionHolding(leave, 'FMLA leave is unpaid.')?.anchor).toBe(
      'what-the-law-generally-says',
    );
    expect(sectionHolding(leave, 'A sentence the guide does not have.')).toBeUndefined();
  });
});

describe('an answer from two close questions', () => {
  const [time, paid] = leave.questions as [GuideQuestion, GuideQuestion];
  const asked = {
    terms: new Map<string, number>(),
    wantsFigure: false,
    place: undefined,
  };

  it('answers both in the first paragraph, each cited', () => {
    const matched = {
      slug: 'leave',
      question: time,
      score: 0.6,
      forState: false,
      givesState: false,
      next: { slug: 'leave', question: paid, score: 0.55, forState: false, givesState: false },
    };
    const first = composeAnswer(leave, { ...asked, matched }).markdown.split('\n\n')[0];
    expect(first).toBe(`${time.answer} [1] ${paid.answer} [1]`);
  });

  it('answers only the closest when the other is not near', () => {
    const matched = {
      slug: 'leave',
      question: paid,
      score: 0.6,
      forState: false,
      givesState: false,
    };
    const first = composeAnswer(leave, { ...asked, matched }).markdown.split('\n\n')[0];
    expect(first).toBe(`${paid.answer} [1]`);
  });
});
