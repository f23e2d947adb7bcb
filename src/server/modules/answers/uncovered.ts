// Areas of law that no guide covers, by the words that name them: a question that names one is
// declined as not covered, free, unless the guide it reached takes up that word in its own
// title, keywords, headings or questions (leave to adopt a child is the family-leave guide's;
// adopting a child is not). The gate learns from examples; this is what it cannot learn from
// them: fields it has never seen asked about. Decision 0158.
import type { GuideDocument } from '../../../shared/guides.js';
import { blocksText } from '../guides/markdown.js';
import { words } from '../guides/terms.js';

/** Each area, and the words or phrases that name it. */
const areas: Record<string, string[]> = {
  patents: ['patent', 'patents', 'patented', 'patent pending', 'uspto', 'inventor'],
  trademarks: ['trademark', 'trademarks', 'trademarked', 'service mark'],
  copyright: ['copyright', 'copyrighted', 'copyrights', 'dmca', 'fair use', 'public domain'],
  adoption: ['adopt', 'adopting', 'adoption', 'adoptive', 'stepparent adoption'],
  maritime: ['maritime', 'admiralty', 'jones act', 'seaman', 'longshore'],
  malpractice: ['malpractice', 'misdiagnosis', 'misdiagnosed', 'botched surgery'],
  'personal injury': ['slip and fall', 'slipped and fell', 'dog bite', 'premises liability'],
  defamation: ['defamation', 'defamatory', 'libel', 'slander', 'slandered', 'libeled'],
  'homeowners associations': ['hoa', 'homeowners association', 'condo association'],
  'buying a home': ['earnest money', 'escrow', 'title insurance', 'home inspection', 'realtor'],
  'land use': ['zoning', 'rezoning', 'building permit', 'easement', 'property line'],
  firearms: ['gun', 'guns', 'firearm', 'firearms', 'concealed carry', 'handgun'],
  'self-defense': ['self defense', 'stand your ground', 'castle doctrine'],
  'marriage contracts': ['prenup', 'prenuptial', 'postnuptial', 'annulment', 'annul'],
  'minors and marriage': ['emancipation', 'emancipated', 'emancipate', 'common law marriage'],
  'jury service': ['jury duty', 'jury summons'],
  schools: ['iep', 'special education', 'homeschool', 'homeschooling', 'expelled', 'expulsion'],
  'air travel': ['airline', 'airlines', 'flight cancelled', 'flight canceled', 'faa'],
  drones: ['drone', 'drones'],
  'investments and securities': ['securities fraud', 'insider trading', 'stockbroker', 'antitrust'],
  'data privacy': ['gdpr', 'ccpa', 'hipaa'],
  'class actions': ['class action'],
  'retirement and health insurance': ['medicare', 'cobra', 'retirement benefits', '401k'],
  insurance: ['life insurance', 'homeowners insurance', 'renters insurance', 'flood insurance'],
  'taxes we do not cover': [
    'property tax',
    'property taxes',
    'sales tax',
    'estate tax',
    'payroll tax',
  ],
  'lie detectors': ['polygraph', 'lie detector'],
  'end of life': ['aid in dying', 'euthanasia', 'assisted suicide'],
  'giving up citizenship': ['renounce', 'renunciation', 'dual citizenship'],
  'public records': ['foia', 'public records request', 'freedom of information'],
  'military law': ['court martial', 'ucmj'],
  gambling: ['gambling', 'sports betting', 'casino', 'lottery winnings'],
  'commercial leases': ['commercial lease', 'commercial space', 'retail space'],
  'unclaimed property': ['unclaimed money', 'unclaimed property'],
  'child labor': ['child labor', 'work permit for minors'],
  'lending rules': ['usury', 'usurious', 'reverse mortgage', 'income share agreement'],
  'probation and parole': ['parole', 'parolee', 'transfer my probation', 'probation officer'],
  'buying and selling a home': [
    'closing costs',
    'real estate attorney',
    'buying a house',
    'seller disclosure',
  ],
  'digital assets': ['crypto', 'cryptocurrency', 'bitcoin', 'nft'],
  'employers and payroll': [
    'payroll taxes',
    'payroll tax',
    'my first employee',
    'hiring employees',
  ],
  'defective products': ['product liability', 'recalled', 'defective product'],
  'military and veterans': [
    'ucmj',
    'va disability',
    'veterans affairs',
    'gi bill',
    'dishonorable discharge',
  ],
  education: [
    'school district',
    'suspended from school',
    '504 plan',
    'bullied',
    'title ix',
    'school board',
  ],
  'long-term care': ['nursing home'],
  'business premises': [
    'triple net',
    'nnn lease',
    'cam charges',
    'office space',
    'restaurant space',
  ],
  'international and foreign law': [
    'international criminal court',
    'international law',
    'united nations',
    'sharia',
  ],
  'rent regulation and short-term rentals': [
    'rent control',
    'rent stabilized',
    'airbnb',
    'short term rental',
  ],
  'social security retirement': [
    'social security retirement',
    'full retirement age',
    'survivor benefits',
    'pension',
  ],
  'tax planning': [
    'gift tax',
    'capital gains',
    'tax deduction',
    'deduct',
    'tax bracket',
    'filing status',
  ],
  'criminal cases': ['sentencing', 'inmate', 'sex offender', 'felony theft'],
  'mental health holds': ['5150', 'involuntary commitment', 'psychiatric hold', 'baker act'],
  'medical records': ['medical records'],
  'construction liens': ['mechanics lien', 'contractor lien'],
  'business partners': [
    'partnership agreement',
    'operating agreement',
    'buy out my partner',
    'sell my business',
  ],
  'grandparents and visitation': ['grandparent visitation', 'grandparents rights'],
  pets: ['pet custody', 'dog bit', 'vet bill'],
  'online accounts and privacy': [
    'banned my account',
    'doxxed',
    'revenge porn',
    'deepfake',
    'data broker',
  ],
  'drugs and cannabis': ['marijuana', 'cannabis', 'drug test'],
  elections: ['voter registration', 'polling place', 'run for office', 'campaign finance'],
  'licenses and professional discipline': [
    'liquor license',
    'hunting license',
    'bar complaint',
    'disbarred',
    'medical board',
  ],
  'business bankruptcy': ['chapter 11'],
};

interface NamedArea {
  area: string;
  /** The phrase's words, in order: matched as written ("adopting", not "adopted"). */
  words: string[];
}

const named: NamedArea[] = Object.entries(areas).flatMap(([area, phrases]) =>
  phrases.map((phrase) => ({ area, words: words(phrase) })),
);

function occurrences(text: readonly string[], phrase: readonly string[]): number {
  let count = 0;
  for (let i = 0; i + phrase.length <= text.length; i++) {
    if (phrase.every((word, k) => text[i + k] === word)) count += 1;
  }
  return count;
}

/**
 * The phrases (by their place in the list) a guide takes up: named in its title, summary,
 * keywords, headings or questions, or at least twice in its text ("gun" in the protective
 * orders guide, "malpractice" in the deadlines to sue).
 */
export function phrasesTakenUp(guide: GuideDocument): Set<number> {
  const topic = words(
    [
      guide.title,
      guide.summary,
      guide.keywords.join(' '),
      ...guide.sections.map((section) => section.heading),
      ...guide.questions.flatMap((question) => [question.ask, ...question.also]),
    ].join(' '),
  );
  const body = words(
    [blocksText(guide.intro), ...guide.sections.map((section) => blocksText(section.blocks))].join(
      ' ',
    ),
  );
  const taken = new Set<number>();
  named.forEach((phrase, i) => {
    if (occurrences(topic, phrase.words) > 0 || occurrences(body, phrase.words) >= 2) taken.add(i);
  });
  return taken;
}

/**
 * The area no guide covers that the question names ("can i patent my app idea"), unless the
 * guide it reached takes up the same phrase. `written`: the question's words (`words()`).
 */
export function uncoveredAreaOf(
  written: readonly string[],
  takenUp: ReadonlySet<number>,
): string | undefined {
  for (let i = 0; i < named.length; i++) {
    const phrase = named[i]!;
    if (!takenUp.has(i) && occurrences(written, phrase.words) > 0) return phrase.area;
  }
  return undefined;
}
