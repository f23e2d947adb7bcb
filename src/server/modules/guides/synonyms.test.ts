import { describe, expect, it } from 'vitest';
import { joinSynonyms, synonyms } from './synonyms';

describe('the synonym table', () => {
  it("joins the areas' tables, refusing a phrase two of them map", () => {
    expect(joinSynonyms([{ fired: 'termination' }, { evicted: 'eviction' }])).toEqual({
      fired: 'termination',
      evicted: 'eviction',
    });
    expect(() => joinSynonyms([{ fired: 'termination' }, { fired: 'layoff' }])).toThrow(
      'synonym "fired" is mapped twice',
    );
    expect(joinSynonyms([{ constructor: 'x' }])).toEqual({ constructor: 'x' });
  });

  it('keeps every phrase lower case, one to five words, as the lookup reads it', () => {
    for (const phrase of Object.keys(synonyms)) {
      expect(phrase, phrase).toMatch(/^[a-z0-9]+(?: [a-z0-9]+){0,4}$/);
    }
  });
});
