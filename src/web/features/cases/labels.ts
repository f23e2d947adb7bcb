import { guideAreas } from '../../../shared/guides';
import { regionsByCountry } from '../../../shared/jurisdictions';

export const stateOptions = (regionsByCountry.US?.regions ?? []).map((r) => ({
  value: r.code,
  label: r.name,
}));
export const areaOptions = guideAreas.map((a) => ({ value: a.id, label: a.name }));

export function stateName(code: string): string {
  return stateOptions.find((s) => s.value === code)?.label ?? code;
}
export function areaName(id: string | null): string {
  return areaOptions.find((a) => a.value === id)?.label ?? 'Not chosen';
}

export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
