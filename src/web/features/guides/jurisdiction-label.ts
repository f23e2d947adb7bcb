import { regionsByCountry } from '../../../shared/jurisdictions';

/** "US" -> "United States (general)", "US-CA" -> "California". */
export function jurisdictionLabel(code: string): string {
  const [country, region] = code.split('-');
  if (!region) return country === 'US' ? 'United States, with state differences noted' : code;
  return regionsByCountry[country!]?.regions.find((r) => r.code === region)?.name ?? code;
}
