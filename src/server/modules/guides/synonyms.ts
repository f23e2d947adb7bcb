// The words people type for the things the guides name: "kicked out" is an eviction, "fired"
// a termination. Each phrase (matched on whole words, before stemming) adds the guides' own
// words to the query at a lower weight, so the person's words still count most.

import { rentingSynonyms } from './synonyms/renting.js';
import { workSynonyms } from './synonyms/work.js';
import { consumerSynonyms } from './synonyms/consumer-and-debt.js';
import { courtsSynonyms } from './synonyms/courts.js';
import { familySynonyms } from './synonyms/family.js';
import { willsSynonyms } from './synonyms/wills-and-estates.js';
import { trafficSynonyms } from './synonyms/traffic.js';
import { businessSynonyms } from './synonyms/small-business.js';
import { immigrationSynonyms } from './synonyms/immigration.js';
import { policeSynonyms } from './synonyms/police-and-injuries.js';
import { debtReliefSynonyms } from './synonyms/debt-relief.js';
import { benefitsSynonyms } from './synonyms/benefits-and-health.js';
import { recordsSynonyms } from './synonyms/records-and-taxes.js';

/** One table of phrases from the areas' own, refusing a phrase two areas both map. */
export function joinSynonyms(tables: Record<string, string>[]): Record<string, string> {
  const joined: Record<string, string> = {};
  for (const table of tables) {
    for (const [phrase, words] of Object.entries(table)) {
      if (Object.hasOwn(joined, phrase)) throw new Error(`synonym "${phrase}" is mapped twice`);
      joined[phrase] = words;
    }
  }
  return joined;
}

/** phrase -> words the guides use for it. Phrases are lower case, one to five words. */
export const synonyms: Record<string, string> = joinSynonyms([
  rentingSynonyms,
  workSynonyms,
  consumerSynonyms,
  courtsSynonyms,
  familySynonyms,
  willsSynonyms,
  trafficSynonyms,
  businessSynonyms,
  immigrationSynonyms,
  policeSynonyms,
  debtReliefSynonyms,
  benefitsSynonyms,
  recordsSynonyms,
]);
