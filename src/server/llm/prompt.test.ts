import { describe, expect, it } from 'vitest';
import { loadGuideLibrary } from '../modules/guides/loader';
import { createGuidesService } from '../modules/guides/service';
import { buildSystemPrompt } from './prompt';
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
});
