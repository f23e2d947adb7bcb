// The published accuracy figures (/accuracy reads src/shared/accuracy-results.json) are what a
// fresh run of the evaluation gives: every question of bench/answers/questions asked through
// the real app in library mode, once for the whole suite.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { evalSets, readQuestions } from '../../../../bench/answers/questions';
import { figuresOf, rate, targets, type SetFigures } from '../../../../bench/answers/report';
import { askAll, type AskedReply } from '../../../../bench/answers/run';
import { unseenFigures, unseenResultsFile } from '../../../../bench/answers/unseen-figures';
import { testGuideLibrary } from '../../../../test/support/guides';

const published = JSON.parse(readFileSync('src/shared/accuracy-results.json', 'utf8')) as {
  mode: string;
  sets: Record<string, SetFigures>;
};

/**
 * Direct cited answers over the whole set meet the target (targets.directAnswers, 90%); the
 * held-out part alone is held at least at the figure it has reached, a floor that only rises.
 */
const heldOutFloor = 0.88;

describe('the published accuracy figures', () => {
  const fresh: Record<string, SetFigures> = {};
  beforeAll(async () => {
    const library = testGuideLibrary();
    const replies: AskedReply[] = await askAll(
      library,
      evalSets.flatMap((set) => readQuestions(set)),
    );
    for (const set of evalSets) {
      fresh[set] = figuresOf(
        library,
        replies.filter((r) => r.question.set === set),
      );
    }
    fresh.all = figuresOf(library, replies);
  }, 180_000);

  it('are those of a fresh run in library mode', () => {
    expect(published.mode).toBe('library');
    expect(fresh).toEqual(published.sets);
  });

  it('meet the targets over the whole set, held-out part included', () => {
    const all = fresh.all!;
    expect(rate(all.declinedFree)).toBeGreaterThanOrEqual(targets.declinedFree);
    expect(rate(all.wrongDeclines)).toBeLessThanOrEqual(targets.wrongDeclines);
    expect(all.firstParagraphGrade).toBeLessThanOrEqual(targets.firstParagraphGrade);
    expect(rate(all.directAnswers)).toBeGreaterThanOrEqual(targets.directAnswers);
    expect(rate(fresh['held-out']!.directAnswers)).toBeGreaterThanOrEqual(heldOutFloor);
  });

  it('hold what must always hold: every citation names a source given, and declines are free', () => {
    const all = published.sets.all!;
    expect(all.citationValidity.count).toBe(all.citationValidity.of);
    expect(all.chargedOnDeclines).toBe(0);
    expect(all.smallTalk.count + all.otherLanguage.count).toBeGreaterThan(0);
  });
});

describe('the published figures on questions nobody tuned on', () => {
  it('are those of a fresh run', () => {
    const { date, ...published } = JSON.parse(readFileSync(unseenResultsFile, 'utf8')) as {
      date: string;
    };
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(unseenFigures(testGuideLibrary())).toEqual(published);
  });
});
