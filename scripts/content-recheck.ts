// Lists what in the guides is due for a check against its sources: every fact with a `recheck`
// date (soonest first) and every guide last reviewed more than twelve months ago. Reports only.
//
//   npm run content:recheck
import { defaultGuidesDir, readGuideFiles } from '../src/server/modules/guides/loader.js';

interface DueFact {
  recheck: string;
  kind: string;
  jurisdiction: string;
  value: string;
  slug: string;
}

const today = new Date().toISOString().slice(0, 10);
const yearAgo = new Date();
yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
const staleBefore = yearAgo.toISOString().slice(0, 10);

const guides = readGuideFiles(defaultGuidesDir).map((guide) => guide.document);

const facts: DueFact[] = guides
  .flatMap((guide) =>
    guide.facts.flatMap(({ recheck, kind, jurisdiction, value }) =>
      recheck ? [{ recheck, kind, jurisdiction, value, slug: guide.slug }] : [],
    ),
  )
  .sort((a, b) => a.recheck.localeCompare(b.recheck) || a.slug.localeCompare(b.slug));
const isOverdue = (fact: DueFact) => fact.recheck < today;
const overdue = facts.filter(isOverdue);

const stale = guides
  .filter((guide) => guide.lastReviewed < staleBefore)
  .sort((a, b) => a.lastReviewed.localeCompare(b.lastReviewed) || a.slug.localeCompare(b.slug));

console.log(`Facts with a recheck date (as of ${today}):`);
if (facts.length === 0) console.log('  none');
for (const fact of facts) {
  const status = isOverdue(fact) ? 'OVERDUE' : 'not due';
  console.log(
    `  ${fact.recheck}  ${status.padEnd(7)}  ${fact.kind}  ${fact.jurisdiction}  ${fact.value}  (${fact.slug})`,
  );
}

console.log(`\nGuides last reviewed before ${staleBefore}:`);
if (stale.length === 0) console.log('  none');
for (const guide of stale) console.log(`  ${guide.lastReviewed}  ${guide.slug}`);

console.log(
  `\n${guides.length} guides; ${facts.length} facts with a recheck date, ${overdue.length} overdue; ` +
    `${stale.length} guides not reviewed in twelve months.`,
);
