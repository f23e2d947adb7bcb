// Reads the guides in content/guides/<area>/<slug>.md into documents the pages render and the
// search indexes. Done once: by the build for the pages, and at start-up for the server.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  guideAreas,
  guideSectionHeadings,
  headingAnchor,
  overviewAnchor,
  type GuideDocument,
  type GuideSection,
} from '../../../shared/guides.js';
import { guideFrontMatterSchema } from './front-matter.js';
import {
  blockLinks,
  blocksText,
  convertBlocks,
  createContext,
  parseMarkdown,
  phrasingText,
} from './markdown.js';

/** The guides as written, in the repository. */
export const defaultGuidesDir = 'content/guides';

/** A guide that cannot be read at all: bad front matter, a misplaced file. */
export class GuideContentError extends Error {
  override name = 'GuideContentError';
}

export interface ParsedGuide {
  file: string;
  /** Everything but `related`, which needs the whole library. */
  document: Omit<GuideDocument, 'related'>;
  /** Every link in the body. */
  links: { href: string; text: string }[];
  /** The `##` headings as written, in order. */
  headings: string[];
  /** Markdown the pages do not render (raw HTML, images, stray headings). */
  problems: string[];
}

export interface GuideLibrary {
  /** By area, then title. */
  guides: GuideDocument[];
  bySlug: ReadonlyMap<string, GuideDocument>;
}

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function splitFrontMatter(file: string, text: string): { yaml: string; body: string } {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  if (!normalized.startsWith('---\n')) {
    throw new GuideContentError(`${file}: the file must start with front matter between --- lines`);
  }
  const end = normalized.indexOf('\n---\n', 3);
  if (end < 0) throw new GuideContentError(`${file}: the front matter has no closing --- line`);
  return { yaml: normalized.slice(4, end + 1), body: normalized.slice(end + 5) };
}

/** Parses one guide file. Throws a GuideContentError when its front matter is not valid. */
const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The anchor of the section whose text holds a sentence (the overview when none does). */
function sectionHolding(sections: GuideSection[], sentence: string): string {
  const wanted = squeezed(sentence);
  const section = sections.find((s) => squeezed(blocksText(s.blocks)).includes(wanted));
  return section?.anchor ?? overviewAnchor;
}

export function parseGuide(file: string, text: string): ParsedGuide {
  const slug = path.basename(file, '.md');
  if (!slugPattern.test(slug)) {
    throw new GuideContentError(`${file}: the file name must be a slug such as security-deposits`);
  }
  const { yaml, body } = splitFrontMatter(file, text);
  let raw: unknown;
  try {
    raw = parseYaml(yaml, { uniqueKeys: true, strict: true, prettyErrors: true });
  } catch (error) {
    throw new GuideContentError(`${file}: front matter is not valid YAML: ${String(error)}`);
  }
  const parsed = guideFrontMatterSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'front matter'}: ${issue.message}`)
      .join('; ');
    throw new GuideContentError(`${file}: ${issues}`);
  }
  const meta = parsed.data;
  const folder = path.basename(path.dirname(file));
  if (folder !== meta.area) {
    throw new GuideContentError(`${file}: area is "${meta.area}" but the file is in ${folder}/`);
  }

  const context = createContext();
  // Section anchors come first, so a sub-heading can never take one of their ids.
  guideSectionHeadings.forEach((heading) => context.ids.add(headingAnchor(heading)));
  const nodes = parseMarkdown(body);
  const headings: string[] = [];
  const sections: GuideSection[] = [];
  let intro: typeof nodes = [];
  let current: { heading: string; nodes: typeof nodes } | undefined;
  const flush = () => {
    if (!current) return;
    sections.push({
      anchor: headingAnchor(current.heading),
      heading: current.heading,
      blocks: convertBlocks(current.nodes, context),
    });
  };
  for (const node of nodes) {
    if (node.type === 'heading' && node.depth <= 2) {
      const heading = phrasingText(node.children);
      if (node.depth === 1) {
        context.problems.push(`a level-1 heading ("${heading}"); the title is in the front matter`);
        continue;
      }
      flush();
      headings.push(heading);
      current = { heading, nodes: [] };
    } else if (current) {
      current.nodes.push(node);
    } else {
      intro = [...intro, node];
    }
  }
  flush();
  const introBlocks = convertBlocks(intro, context);

  return {
    file,
    document: {
      slug,
      title: meta.title,
      summary: meta.summary,
      area: meta.area,
      jurisdiction: meta.jurisdiction,
      lastReviewed: meta.lastReviewed,
      reviewedBy: meta.reviewedBy ?? null,
      keywords: meta.keywords,
      sources: meta.sources,
      facts: meta.facts,
      questions: meta.questions.map((question) => ({
        ...question,
        anchor: sectionHolding(sections, question.answer),
      })),
      intro: introBlocks,
      sections,
    },
    links: blockLinks([...introBlocks, ...sections.flatMap((section) => section.blocks)]),
    headings,
    problems: context.problems,
  };
}

/** Reads every guide file under `dir` (one folder per area). */
export function readGuideFiles(dir: string): ParsedGuide[] {
  const guides: ParsedGuide[] = [];
  for (const area of readdirSync(dir, { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    for (const entry of readdirSync(path.join(dir, area.name), { withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
      const file = path.join(dir, area.name, entry.name);
      guides.push(parseGuide(file, readFileSync(file, 'utf8')));
    }
  }
  return guides;
}

/** The slug an internal link points to, or undefined for any other link. */
export function internalLinkTarget(
  href: string,
): { slug: string; anchor: string | null } | undefined {
  const match = /^\/guides\/([a-z0-9-]+)(?:#([a-z0-9-]+))?$/.exec(href);
  return match ? { slug: match[1]!, anchor: match[2] ?? null } : undefined;
}

const relatedMax = 6;

/** Builds the library from parsed guides: sorted, indexed by slug, each with its related guides. */
export function assembleLibrary(parsed: ParsedGuide[]): GuideLibrary {
  const seen = new Map<string, string>();
  for (const guide of parsed) {
    const other = seen.get(guide.document.slug);
    if (other) {
      throw new GuideContentError(`${guide.file}: the slug is already used by ${other}`);
    }
    seen.set(guide.document.slug, guide.file);
  }
  const areaOrder = (area: string) => guideAreasOrder.indexOf(area);
  const sorted = [...parsed].sort(
    (a, b) =>
      areaOrder(a.document.area) - areaOrder(b.document.area) ||
      a.document.title.localeCompare(b.document.title),
  );
  const titles = new Map(sorted.map((guide) => [guide.document.slug, guide.document.title]));
  const guides = sorted.map(({ document, links }): GuideDocument => {
    const linked = links
      .map((link) => internalLinkTarget(link.href)?.slug)
      .filter((slug): slug is string => slug !== undefined);
    const sameArea = sorted
      .filter((other) => other.document.area === document.area)
      .map((other) => other.document.slug);
    const related = [...new Set([...linked, ...sameArea])]
      .filter((slug) => slug !== document.slug && titles.has(slug))
      .slice(0, relatedMax)
      .map((slug) => ({ slug, title: titles.get(slug)! }));
    return { ...document, related };
  });
  return { guides, bySlug: new Map(guides.map((guide) => [guide.slug, guide])) };
}

const guideAreasOrder: string[] = guideAreas.map((area) => area.id);

/** Reads and assembles the whole library. Throws a GuideContentError on an unreadable guide. */
export function loadGuideLibrary(dir: string = defaultGuidesDir): GuideLibrary {
  return assembleLibrary(readGuideFiles(dir));
}
