// The content check: every guide in content/guides is well formed, sourced and linked correctly,
// and the library is as broad as promised. Run on the files as written, the way the build reads them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  guideAreas,
  guideSectionHeadings,
  headingAnchor,
  overviewAnchor,
  type GuideBlock,
} from '../../../shared/guides';
import {
  assembleLibrary,
  defaultGuidesDir,
  internalLinkTarget,
  parseGuide,
  type ParsedGuide,
} from './loader';
import { blocksText } from './markdown';
import { readingGrade } from './reading-grade';

/** The highest Flesch-Kincaid grade a guide's body may read at. */
const maxReadingGrade = 8;

const files = readdirSync(defaultGuidesDir, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
  .map((entry) => path.join(entry.parentPath, entry.name))
  .sort();

const parsed = new Map<string, ParsedGuide>();
for (const file of files) {
  try {
    parsed.set(file, parseGuide(file, readFileSync(file, 'utf8')));
  } catch {
    // Reported by the front matter test of that file below.
  }
}
const guides = [...parsed.values()];

/** Every id a link may point to on a guide's page. */
function anchorsOf(guide: ParsedGuide): Set<string> {
  const ids = new Set([overviewAnchor, 'sources']);
  const visit = (blocks: GuideBlock[]) => {
    for (const block of blocks) {
      if (block.type === 'heading') ids.add(block.id);
      if (block.type === 'list') block.items.forEach(visit);
      if (block.type === 'blockquote') visit(block.children);
    }
  };
  for (const section of guide.document.sections) {
    ids.add(section.anchor);
    visit(section.blocks);
  }
  return ids;
}

/** The guide's body as plain text: the introduction and the five sections, without Markdown. */
function bodyText(guide: ParsedGuide): string {
  const { intro, sections } = guide.document;
  return [blocksText(intro), ...sections.map((section) => blocksText(section.blocks))].join('\n');
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('the guide library', () => {
  it('has at least 40 guides across at least 10 areas', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
    const areas = new Set(guides.map((guide) => guide.document.area));
    expect(areas.size).toBeGreaterThanOrEqual(10);
  });

  it('keeps every guide in a known area folder', () => {
    const known = guideAreas.map((area) => area.id as string);
    for (const file of files) expect(known).toContain(path.basename(path.dirname(file)));
  });

  it('uses each slug once across all areas', () => {
    const slugs = files.map((file) => path.basename(file, '.md'));
    const repeated = slugs.filter((slug, i) => slugs.indexOf(slug) !== i);
    expect(repeated).toEqual([]);
    expect(() => assembleLibrary(guides)).not.toThrow();
  });
});

describe.each(files)('%s', (file) => {
  it('has valid front matter', () => {
    // parseGuide checks the front matter with the zod schema and throws what is wrong.
    expect(() => parseGuide(file, readFileSync(file, 'utf8'))).not.toThrow();
  });

  const guide = () => {
    const found = parsed.get(file);
    if (!found) throw new Error('the front matter is not valid (see the test above)');
    return found;
  };

  it('has the five sections, in order, and no other', () => {
    expect(guide().headings).toEqual([...guideSectionHeadings]);
    expect(guide().document.sections.map((section) => section.anchor)).toEqual(
      guideSectionHeadings.map(headingAnchor),
    );
  });

  it('has only Markdown the pages render (no raw HTML, images or stray headings)', () => {
    expect(guide().problems).toEqual([]);
  });

  it('lists its sources as https addresses', () => {
    const { sources } = guide().document;
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) expect(new URL(source.url).protocol).toBe('https:');
  });

  it(`reads at grade ${maxReadingGrade} or below (Flesch-Kincaid)`, () => {
    expect(readingGrade(bodyText(guide()))).toBeLessThanOrEqual(maxReadingGrade);
  });

  it("states each of its facts in its text, in the fact's own words", () => {
    const text = squeeze(bodyText(guide()));
    const missing = guide()
      .document.facts.filter((fact) => !text.includes(squeeze(fact.text)))
      .map((fact) => `${fact.kind} ${fact.jurisdiction}: ${fact.text}`);
    expect(missing).toEqual([]);
  });

  it('answers each of its common questions with a sentence from its text', () => {
    const text = squeeze(bodyText(guide()));
    const missing = guide()
      .document.questions.filter((question) => !text.includes(squeeze(question.answer)))
      .map((question) => `${question.ask} ${question.answer}`);
    expect(missing).toEqual([]);
  });

  it('links only to https pages and to guides and sections that exist', () => {
    const bySlug = new Map(guides.map((other) => [other.document.slug, other]));
    const broken: string[] = [];
    for (const { href } of guide().links) {
      if (href.startsWith('https://')) continue;
      const target = internalLinkTarget(href);
      const other = target && bySlug.get(target.slug);
      if (!target || !other || (target.anchor && !anchorsOf(other).has(target.anchor))) {
        broken.push(href);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('the retrieval questions', () => {
  const dir = 'bench/retrieval/questions';
  const questionFiles = readdirSync(dir).filter((file) => file.endsWith('.json'));

  it('name only guides that exist', () => {
    const slugs = new Set(guides.map((guide) => guide.document.slug));
    const unknown = questionFiles.flatMap((file) =>
      (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { expected: string[] }[]).flatMap(
        (question) => question.expected.filter((slug) => !slugs.has(slug)),
      ),
    );
    expect(unknown).toEqual([]);
  });
});
