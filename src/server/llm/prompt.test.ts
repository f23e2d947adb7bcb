import { describe, expect, it } from 'vitest';
import { loadGuideLibrary } from '../modules/guides/loader';
import { createGuidesService } from '../modules/guides/service';
import { buildSystemPrompt, passageTokens } from './prompt';
import { countTokens } from './token-count';

describe('the system prompt', () => {
  const guides = createGuidesService({ library: loadGuideLibrary() });

  it.each([
    ['How long can my landlord keep my deposit?', 'US-CA', 'California, United States'],
    ['my boss hasnt paid my overtime', 'US', 'United States'],
    ['can the police search my car', null, null],
    ['a question about nothing our guides cover: zzqx', null, null],
  ])('counts as many tokens as the whole text holds (%s)', (query, jurisdiction, inWords) => {
    const passages = guides.searchPassages({ query, jurisdiction, limit: 4 });
    const prompt = buildSystemPrompt({ productName: 'Lexwise', jurisdiction: inWords, passages });
    expect(prompt.text).toContain("You are Lexwise's legal information assistant");
    expect(prompt.tokens).toBe(countTokens(prompt.text));
    // Counted again from what it remembered, the same.
    expect(buildSystemPrompt({ productName: 'Lexwise', jurisdiction: inWords, passages })).toEqual(
      prompt,
    );
  });

  it('counts every guide passage, in its parts, as many tokens as the whole text holds', async () => {
    const texts = guides.passageTexts();
    await passageTokens(texts);
    const passages = guides.searchPassages({ query: 'deposit', limit: 1 });
    const [first] = passages;
    expect(first).toBeDefined();
    for (const text of texts) {
      // The passage as the last paragraph, then followed by another.
      for (const list of [[{ ...first!, text }], [{ ...first!, text }, first!]]) {
        const prompt = buildSystemPrompt({
          productName: 'Lexwise',
          jurisdiction: null,
          passages: list,
        });
        expect(prompt.tokens).toBe(countTokens(prompt.text));
      }
    }
  });

  it('counts a passage that starts with a line break or a slash as one paragraph', () => {
    const [first] = guides.searchPassages({ query: 'deposit', limit: 1 });
    for (const text of ['\nA line after a break.', '/path and more', '']) {
      const prompt = buildSystemPrompt({
        productName: 'Lexwise',
        jurisdiction: null,
        passages: [{ ...first!, text }, first!],
      });
      expect(prompt.tokens).toBe(countTokens(prompt.text));
    }
  });
});
