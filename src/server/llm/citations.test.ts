import { describe, expect, it } from 'vitest';
import { createCitationFilter } from './citations';

function run(chunks: string[], passages: number) {
  const filter = createCitationFilter(passages);
  const out = chunks.map((chunk) => filter.push(chunk)).join('') + filter.flush();
  return { out, removed: filter.removed(), cited: filter.cited() };
}

describe('citation filter', () => {
  it('keeps markers of given passages and removes the others, even split across chunks', () => {
    expect(
      run(['Deposits [1] and ', 'repairs [', '2', '] but not [', '7]. See [3', ']'], 2),
    ).toEqual({
      out: 'Deposits [1] and repairs [2] but not . See ',
      removed: 2,
      cited: [1, 2],
    });
  });

  it('leaves brackets that are not markers alone', () => {
    expect(run(['a [b] c [', '] d [12x] e ['], 3).out).toBe('a [b] c [] d [12x] e [');
  });

  it('removes every marker when no passage was given', () => {
    expect(run(['Rule [1][2].'], 0)).toEqual({ out: 'Rule .', removed: 2, cited: [] });
  });
});
