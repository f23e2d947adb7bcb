import { describe, expect, it } from 'vitest';
import { courtSelfHelp, courtSelfHelpFor } from './court-self-help';
import { regionsByCountry } from './jurisdictions';

describe('court self-help sites', () => {
  const usCodes = regionsByCountry.US?.regions.map((r) => r.code) ?? [];

  it('has an entry for every US state and DC, and no other', () => {
    expect(usCodes).toHaveLength(51);
    for (const code of usCodes) expect(courtSelfHelp[code], code).toBeDefined();
    expect(Object.keys(courtSelfHelp).sort()).toEqual([...usCodes].sort());
  });

  it('gives every site a name, an https address with a hostname, and the date it was checked', () => {
    for (const [code, site] of Object.entries(courtSelfHelp)) {
      expect(site.name.trim(), code).not.toBe('');
      const url = new URL(site.url);
      expect(url.protocol, code).toBe('https:');
      expect(url.hostname, code).not.toBe('');
      expect(site.checked, code).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('looks a state up by its code', () => {
    expect(courtSelfHelpFor('TX')).toBe(courtSelfHelp.TX);
    expect(courtSelfHelpFor('TX')?.url).toContain('txcourts.gov');
    expect(courtSelfHelpFor('ZZ')).toBeUndefined();
    expect(courtSelfHelpFor('toString')).toBeUndefined();
  });
});
