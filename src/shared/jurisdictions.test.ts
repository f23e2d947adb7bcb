import { describe, expect, it } from 'vitest';
import { countryCodes, isKnownJurisdiction, regionsByCountry } from './jurisdictions';

describe('jurisdictions', () => {
  it('lists each ISO 3166-1 country once', () => {
    expect(countryCodes).toHaveLength(249);
    expect(new Set(countryCodes).size).toBe(countryCodes.length);
    for (const code of countryCodes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('knows the states and provinces of the United States, Canada and Australia', () => {
    expect(regionsByCountry.US?.regions).toHaveLength(51);
    expect(regionsByCountry.CA?.regions).toHaveLength(13);
    expect(regionsByCountry.AU?.regions).toHaveLength(8);
  });

  it('accepts a country alone, or with one of its own subdivisions only', () => {
    expect(isKnownJurisdiction('US', 'CA')).toBe(true);
    expect(isKnownJurisdiction('FR', null)).toBe(true);
    expect(isKnownJurisdiction(null, null)).toBe(true);
    expect(isKnownJurisdiction('FR', 'CA')).toBe(false);
    expect(isKnownJurisdiction('CA', 'TX')).toBe(false);
    expect(isKnownJurisdiction('XX', null)).toBe(false);
    expect(isKnownJurisdiction(null, 'CA')).toBe(false);
  });
});
