// Stripe's request bodies: form-encoded, bracketed keys, checked against each route's params.
import { paramError, type Metadata } from './objects';

// ---------------------------------------------------------------------------------------------
// Form bodies: `a[b][0][c]=v` into nested objects (arrays stay objects with digit keys until a
// param spec asks for an array)

export interface FormTree {
  [key: string]: string | FormTree;
}

export function parseForm(body: string): FormTree {
  const root: FormTree = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw paramError(`Invalid parameter name: ${rawKey}`, rawKey);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node = root;
    for (const [index, part] of path.entries()) {
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) {
        if (typeof node[key] === 'object') throw paramError(`Invalid value for ${rawKey}`, rawKey);
        node[key] = value;
      } else {
        const child = node[key];
        if (typeof child === 'string') throw paramError(`Invalid value for ${rawKey}`, rawKey);
        node = child ?? (node[key] = {});
      }
    }
  }
  return root;
}

// ---------------------------------------------------------------------------------------------
// Param specs, checked the way Stripe checks them

export type Spec =
  | { kind: 'string'; required?: boolean; oneOf?: readonly string[] }
  | { kind: 'int' | 'bool' | 'metadata'; required?: boolean }
  | { kind: 'object'; required?: boolean; fields: Record<string, Spec> }
  | { kind: 'array'; required?: boolean; of: Spec };

export const str = (oneOf?: readonly string[]): Spec => ({
  kind: 'string',
  ...(oneOf ? { oneOf } : {}),
});
export const int: Spec = { kind: 'int' };
export const bool: Spec = { kind: 'bool' };
export const metadata: Spec = { kind: 'metadata' };
export const obj = (fields: Record<string, Spec>): Spec => ({ kind: 'object', fields });
export const arr = (of: Spec): Spec => ({ kind: 'array', of });
export const required = (spec: Spec): Spec => ({ ...spec, required: true });
export const expand = arr(str());
export const listParams = { limit: int, starting_after: str(), ending_before: str(), expand };

export const paramName = (prefix: string, key: string) => (prefix ? `${prefix}[${key}]` : key);

export function checkParams(
  fields: Record<string, Spec>,
  tree: FormTree,
  prefix = '',
): Record<string, unknown> {
  for (const key of Object.keys(tree)) {
    if (!(key in fields)) {
      const param = paramName(prefix, key);
      throw paramError(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
    }
  }
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(fields)) {
    const param = paramName(prefix, key);
    const raw = tree[key];
    if (raw === undefined) {
      if (spec.required) {
        throw paramError(`Missing required param: ${param}.`, param, 'parameter_missing');
      }
      continue;
    }
    out[key] = coerce(spec, raw, param);
  }
  return out;
}

export function coerce(spec: Spec, raw: string | FormTree, param: string): unknown {
  if (raw === '') {
    if (spec.required) {
      throw paramError(
        `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
        param,
        'parameter_invalid_empty',
      );
    }
    return null;
  }
  switch (spec.kind) {
    case 'string':
      if (typeof raw !== 'string') throw paramError(`Invalid string: ${param}`, param);
      if (spec.oneOf && !spec.oneOf.includes(raw)) {
        throw paramError(`Invalid ${param}: must be one of ${spec.oneOf.join(', ')}`, param);
      }
      return raw;
    case 'int':
      if (typeof raw !== 'string' || !/^-?\d+$/.test(raw)) {
        throw paramError(
          `Invalid integer: ${typeof raw === 'string' ? raw : param}`,
          param,
          'parameter_invalid_integer',
        );
      }
      return Number(raw);
    case 'bool':
      if (raw !== 'true' && raw !== 'false') {
        throw paramError(`Invalid boolean: ${typeof raw === 'string' ? raw : param}`, param);
      }
      return raw === 'true';
    case 'metadata': {
      if (typeof raw === 'string') throw paramError(`Invalid object: ${param}`, param);
      const out: Record<string, string> = {};
      for (const [key, value] of Object.entries(raw)) {
        if (typeof value !== 'string') {
          throw paramError(`Metadata values must be strings: ${param}[${key}]`, `${param}[${key}]`);
        }
        out[key] = value;
      }
      return out;
    }
    case 'object':
      if (typeof raw === 'string') throw paramError(`Invalid object: ${param}`, param);
      return checkParams(spec.fields, raw, param);
    case 'array': {
      if (typeof raw === 'string') throw paramError(`Invalid array: ${param}`, param);
      const keys = Object.keys(raw);
      if (!keys.every((key) => /^\d+$/.test(key))) {
        throw paramError(`Invalid array: ${param}`, param);
      }
      return keys
        .sort((a, b) => Number(a) - Number(b))
        .map((key) => coerce(spec.of, raw[key]!, `${param}[${key}]`));
    }
  }
}

/** Applies metadata changes as Stripe does: '' removes a key, an unset `metadata=` clears all. */
export function mergeMetadata(current: Metadata, update: Metadata | null | undefined): Metadata {
  if (update === undefined) return current;
  if (update === null) return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}
