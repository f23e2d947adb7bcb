import { describe, expect, it } from 'vitest';
import { testGuideLibrary } from '../../../../test/support/guides';
import { createGuidesService } from '../guides/service';
import { smallTalkOf } from './small-talk';
import { languageOf } from './language';
import { placeIn, readPlaces } from './places';
import { words } from '../guides/terms';
import { splitSentences } from './sentences';
import { createAnswersService } from './service';
import { composeAnswer } from './compose';
import { figureKindOf } from './figures';

const answers = createAnswersService({
  guides: createGuidesService({ library: testGuideLibrary() }),
  selfHelpFor: (code) =>
    code === 'OH' ? { name: 'Ohio courts self-help', url: 'https://example.gov/ohio' } : undefined,
});
const nowhere: { country: string | null; region: string | null } = { country: null, region: null };
const ask = (text: string, earlier: string[] = [], profile = nowhere) =>
  answers.plan({ text, earlier, profile }, false);
const firstParagraphOf = (text = '') => text.split('\n\n')[0]!;
/** Each question is answered from the guide given with it. */
const expectGuides = (cases: [question: string, slug: string][]) => {
  for (const [text, slug] of cases) {
    expect(answers.place({ text, earlier: [], profile: nowhere }), text).toMatchObject({
      kind: 'covered',
      guide: { slug },
    });
  }
};

describe('places', () => {
  it.each([
    ['I rent in Houston', 'TX'],
    ['we live in brooklyn', 'NY'],
    ['in cali', 'CA'],
    ['my landlord in LA', 'CA'],
    ['I live in Louisiana', 'LA'],
    ['nj deposit', 'NJ'],
    ['washington dc rent', 'DC'],
    ['I lived in Ohio, now in Texas', 'TX'],
    ['got sued in harris county district court', 'TX'],
    ['a landlord in cook county', 'IL'],
    ['EDD denied my claim', 'CA'],
    ['con ed sent a shutoff notice', 'NY'],
  ])('reads "%s" as %s', (text, code) => {
    expect(placeIn(text)).toMatchObject({ kind: 'state', code });
  });

  it('does not take everyday words for states, nor shouting for codes', () => {
    expect(readPlaces('in or near me, ok?').places).toEqual([]);
    expect(readPlaces('OK so someone used my ID, HI').places).toEqual([]);
    expect(readPlaces('got a ticket in OH').places).toMatchObject([{ kind: 'state', code: 'OH' }]);
    expect(readPlaces('MY LANDLORD WONT GIVE ME MY DEPOSIT').places).toEqual([]);
  });

  it('knows places outside the United States', () => {
    expect(placeIn('i live in ontario')).toMatchObject({ kind: 'abroad' });
    expect(placeIn('my landlord in london kept my deposit')).toMatchObject({ kind: 'abroad' });
  });

  it('does not take a trip abroad or a country of origin for where the matter is', () => {
    expect(
      readPlaces('flying to mexico in the spring, is my back support a problem').places,
    ).toEqual([]);
    expect(readPlaces('im from india, can my employer pay me less').places).toEqual([]);
    expect(
      ask(
        'owe like 3k in back child support, flying to mexico in the spring, is that gonna be a problem',
      ),
    ).toMatchObject({ placement: 'covered' });
  });
});

describe('language and small talk', () => {
  it('tells English from other languages', () => {
    expect(languageOf('mi casero no me devuelve el depósito, ¿qué hago?')).toBe('es');
    expect(languageOf('my casero kept my deposit')).toBe('en');
    expect(languageOf('房东不退押金怎么办')).toBe('zh');
  });

  it('knows greetings, thanks and questions about the assistant, and nothing more', () => {
    expect(smallTalkOf('hey there!')).toBe('greeting');
    expect(smallTalkOf('thank u so much')).toBe('thanks');
    expect(smallTalkOf('are you a real lawyer?')).toBe('identity');
    expect(smallTalkOf('hi, my landlord kept my deposit')).toBeUndefined();
    // Words that ask about the assistant, inside a question of law, leave it a question.
    expect(smallTalkOf('how does this work?')).toBe('identity');
    expect(smallTalkOf('what should i ask?')).toBe('identity');
    expect(smallTalkOf('how does it work when you break a lease early')).toBeUndefined();
    expect(smallTalkOf('do we each get half of everything or how does it work')).toBeUndefined();
    expect(smallTalkOf('what should i ask the other driver for after an accident')).toBeUndefined();
  });

  it.each([
    ['good night', 'greeting'],
    ['testing 123', 'greeting'],
    ["you've been very helpful", 'thanks'],
    ['is anyone there', 'identity'],
    ['who am i talking to?', 'identity'],
    ['can you help me', 'identity'],
  ])('reads "%s" as %s', (text, kind) => {
    expect(smallTalkOf(text)).toBe(kind);
  });

  it('leaves a question that starts like small talk to the gate', () => {
    expect(smallTalkOf('can you help me with my eviction')).toBeUndefined();
    expect(smallTalkOf('morning after pill, can my employer fire me for it')).toBeUndefined();
  });
});

describe('placing and answering', () => {
  it('answers a covered question with the fact for the place named, cited, first', () => {
    const plan = ask('I rent in Houston, how long does my landlord have to give my deposit back?');
    expect(plan).toMatchObject({ placement: 'covered', free: false });
    const first = firstParagraphOf(plan.text);
    expect(first).toContain('Texas');
    expect(first).toContain('30th day');
    expect(first).toMatch(/\[1\]$/);
    expect(plan.passages[0]).toMatchObject({ slug: 'security-deposits' });
    expect(plan.text).toContain('**What to do**');
    expect(plan.text).toContain('**When to see a lawyer:**');
  });

  it('reads a follow-up with the question before it', () => {
    const plan = ask('what about new york?', [
      'how long does a landlord have to return a deposit in california',
    ]);
    expect(firstParagraphOf(plan.text)).toContain('14 days');
  });

  it('reads a question that keeps to the earlier topic with it, and one that changes it alone', () => {
    const wages = ['my boss hasnt paid me for my last 2 weeks', 'i work in texas btw'];
    const claim = ask('how long do i have to file a claim', wages);
    expect(claim.passages[0]).toMatchObject({ slug: 'unpaid-wages' });
    expect(
      ask('how far is it from la to san francisco', ['whats the small claims limit in california']),
    ).toMatchObject({ placement: 'not-legal', free: true });
  });

  it('adds the guide sentence closest to the words when no question of the guide is a sure match', () => {
    // The closest of the guide's questions (a DUI under the legal limit) is not a sure match for
    // being charged under it: its answer comes first, then the sentence closest to the words.
    const first = firstParagraphOf(
      ask('blew a .07 and the cop still charged me with dui, can he do that').text,
    );
    expect(first).toMatch(/^You can also be charged if alcohol, drugs or a mix of them impaired/);
    // …and a second sentence of the guide, cited, after it.
    expect(splitSentences(first.replace(/\s*\[\d+\]/g, '')).length).toBeGreaterThan(2);
    expect(first).toMatch(/whatever your BAC\..*\[1\] .+\[\d\]$/);
  });

  it('adds no label and no sentence that says a figure again', () => {
    const leave = firstParagraphOf(
      ask('how many weeks of unpaid leave can i take after having a baby').text,
    );
    expect(leave).toMatch(/^Eligible employees can take up to 12 workweeks/);
    expect(leave).not.toContain('The most useful fact');
    const limits = firstParagraphOf(
      ask('whats the statute of limitations on credit card debt').text,
    );
    expect(limits).toContain('three-to-six-year range');
    expect(limits).not.toContain('What a statute of limitations is.');
  });

  it('keeps the direct answer to three sentences', () => {
    for (const question of [
      'whats the earliest a divorce can be final in texas after filing',
      'blew a .07 and the cop still charged me with dui, can he do that',
      'can the repo man take my car from my locked garage',
      'how long does my landlord have to give back my deposit in texas',
      'landlord taped a paper on my door saying pay in 3 days or get out, im in sacramento',
    ]) {
      const first = firstParagraphOf(ask(question).text).replace(/\s*\[\d+\]/g, '');
      expect(splitSentences(first).length, question).toBeLessThanOrEqual(3);
    }
  });

  it('reads "how does it work in ny?" after a Texas question as the same question for New York', () => {
    const custody = ['austin tx, separating from my wife, do we both share custody of the kids'];
    const ny = ask('how does it work in ny', custody);
    expect(ny).toMatchObject({ placement: 'covered', free: false });
    expect(ny.passages[0]).toMatchObject({ slug: 'child-custody' });
    expect(firstParagraphOf(ny.text)).toMatch(/^In New York, /);
    // Without a place it asks about the assistant, and changing the subject stays apart.
    expect(ask('how does this work?', custody)).toMatchObject({ placement: 'small-talk' });
    expect(
      ask('how far is it from la to san francisco', ['whats the small claims limit in california']),
    ).toMatchObject({ placement: 'not-legal', free: true });
  });

  it("quotes a state's rule whole, as its fact gives it", () => {
    const first = firstParagraphOf(
      ask('landlord taped a paper on my door saying pay in 3 days or get out, im in sacramento')
        .text,
    );
    expect(first).toMatch(
      /^In California, the landlord must first give you a 3-day notice to pay rent or quit\. The 3 days do not count Saturdays, Sundays or court holidays\. \[1\]/,
    );
  });

  it('says a sentence once, when the answer and the example state are the same', () => {
    // A state's own question matched with no state known: its answer is also its first fact.
    const guide = testGuideLibrary().bySlug.get('utility-shutoffs')!;
    const question = guide.questions.find((q) =>
      q.ask.startsWith('How much notice does a utility have to give before a shutoff in New York'),
    )!;
    expect(question.fact).toBeDefined();
    const { markdown, asksForState } = composeAnswer(guide, {
      terms: new Map(),
      wantsFigure: true,
      place: undefined,
      matched: { slug: guide.slug, question, score: 0.5, forState: false, givesState: false },
    });
    const sentences = splitSentences(firstParagraphOf(markdown).replace(/\s*\[\d+\]/g, ''));
    expect(new Set(sentences).size).toBe(sentences.length);
    expect(asksForState).toBe(true);
  });

  it('keeps a follow-up to the guide the answer before it came from', () => {
    const fired = ['got fired in sacramento right after i filed a wage claim, where do i complain'];
    expect(ask(fired[0]!).passages[0]).toMatchObject({
      slug: 'retaliation-and-wrongful-termination',
    });
    const deadline = ask('how long do i have to file that', fired);
    expect(deadline.passages[0]).toMatchObject({ slug: 'retaliation-and-wrongful-termination' });
    expect(firstParagraphOf(deadline.text)).toContain('within one year of the retaliation');
  });

  it('reads "%" as percent, a relative who "passed" as a death, "min pay" as the minimum wage, to look through a car as a search, and "laid me off" as a layoff', () => {
    const support = ask(
      'ex and i have three little ones together, what % of his paycheck should he be paying me',
      [],
      { country: 'US', region: 'TX' },
    );
    expect(support.passages[0]).toMatchObject({ slug: 'child-support' });
    expect(firstParagraphOf(support.text)).toContain('30% for three');
    expectGuides([
      ['brooklyn, my father passed with a will, which court do i go to', 'dying-without-a-will'],
      [
        'grandpa passed this morning, im his attorney in fact, can i keep handling his accounts',
        'powers-of-attorney',
      ],
      ['min hourly pay in orlando right now?', 'unpaid-wages'],
      ['cops want to look thru my car, can i say no', 'searches-and-your-rights'],
      ['im 58, they laid me off and kept all the younger guys', 'workplace-discrimination'],
      // "which state do i file" names no field of its own (it was once taken for taxes).
      [
        'moved from ohio to arizona w my daughter. which state do i file custody in',
        'child-custody',
      ],
    ]);
  });

  it('reads a question that says it goes on ("what if…") with the one before, however long', () => {
    const lease = [
      'texas lease, my ex was abusive and i got a protective order. can i get out of my lease early',
    ];
    const counselor = ask(
      'what if i dont have a protective order yet, just a counselor who knows whats going on',
      lease,
    );
    expect(counselor.passages[0]).toMatchObject({ slug: 'breaking-a-lease' });
    expect(firstParagraphOf(counselor.text)).toContain('mental health provider');
  });

  it('takes a guide question to be about a state only when the question itself names one', () => {
    // One of its ways of asking says "in atlanta": the question is still everyone's.
    expect(firstParagraphOf(ask('what should i actually say if i get arrested').text)).toContain(
      'I am going to remain silent',
    );
  });

  it('does not take "one" for a word of the topic', () => {
    const will = ['doing my own will in fresno, how many ppl need to sign it besides me'];
    expect(ask('can one of them sign next week instead', will).passages[0]).toMatchObject({
      slug: 'making-a-will',
    });
  });

  it('reads "but…" or "and…" with a subject of its own alone', () => {
    const deposit = ['my landlord in texas kept my deposit'];
    expect(ask('but can my boss fire me for being pregnant', deposit).passages[0]).toMatchObject({
      slug: 'workplace-discrimination',
    });
    const returned = ['how long does a landlord have to return a deposit in california'];
    expect(ask('ok and how do i file for bankruptcy', returned).passages[0]).toMatchObject({
      slug: 'bankruptcy',
    });
    expect(ask('and in utah?', returned).passages[0]).toMatchObject({ slug: 'security-deposits' });
  });

  it("says plainly when the guides leave a figure to each state and do not give the person's", () => {
    const georgia = firstParagraphOf(
      ask('what is the statute of limitations for a car accident in georgia').text,
    );
    expect(georgia).toMatch(/^Our guides do not give this figure for Georgia\./);
    expect(georgia).toContain('Every state limits how long');
    // Florida's is in the deadlines guide: the follow-up does not say the guides lack it.
    const florida = ask('what about florida', [
      'what is the statute of limitations for a car accident in georgia',
    ]);
    expect(firstParagraphOf(florida.text)).not.toContain('do not give this figure');
  });

  it("answers how much with the state's amount, not its deadline", () => {
    const plan = ask('how much can my landlord charge for a security deposit in california');
    expect(firstParagraphOf(plan.text)).toContain("one month's rent");
  });

  it('reads the short follow-ups people type with the question before them', () => {
    const deposit = ['my landlrod wont giv back my deposite, im in tx'];
    expect(firstParagraphOf(ask('how long does he have', deposit).text)).toContain('30th day');
    const wages = ['my boss aint paid me in 3 weeks'];
    expect(ask('who do i call', wages).passages[0]).toMatchObject({ slug: 'unpaid-wages' });
    const late = ['can i get fired for bein late'];
    expect(ask('im in cali btw', late)).toMatchObject({ placement: 'covered' });
    const support = ['how much is child suport in PA for 2 kids'];
    expect(ask('and if i have them half the time', support).passages[0]).toMatchObject({
      slug: 'child-support',
    });
    const calls = ['got arrested in LA how many calls do i get'];
    const childcare = ask('i have 2 kids at home, do i get extra calls to set up childcare', calls);
    expect(firstParagraphOf(childcare.text)).toContain('two more calls');
    // A question on a subject of its own, after a covered one, is not read as part of it.
    const returned = ['how long does my landlord have to return my deposit in texas'];
    expect(ask('how do i make a deposit at chase atm', returned)).toMatchObject({ free: true });
    const fired = ['can i get fired for being late'];
    expect(ask('whats a good time to go to the dmv', fired)).toMatchObject({ free: true });
    // A yes-or-no question in Ohio is not told that the guides lack Ohio's figure.
    const estate = ['my mom died no will, she had a house in ohio'];
    expect(firstParagraphOf(ask('do i have to go to court', estate).text)).not.toContain(
      'do not give this figure',
    );
    const divorcing = ['my husband and i are getting divorced in texas'];
    expect(ask('who gets the house', divorcing).passages[0]).toMatchObject({ slug: 'divorce' });
    // "Will" beside a pronoun is the verb, not the document.
    expect(words('how much will i get, it will be late, my will')).toEqual(
      'how much i get it be late my will'.split(' '),
    );
    const jobless = ['i got fired yesterday', 'can i get unemployment'];
    expect(ask('how much will i get', jobless).passages[0]?.slug).not.toBe('making-a-will');
    // Alone, "how long" names no topic.
    expect(ask('how long does he have')).toMatchObject({ placement: 'not-legal' });
  });

  it("does not take another state's rule from a guide the question is not about", () => {
    const plan = ask('whats the statute of limitations on credit card debt in california');
    expect(plan.passages[0]).toMatchObject({ slug: 'deadlines-to-sue' });
    expect(firstParagraphOf(plan.text)).not.toContain('credit bureau');
  });

  it('reads "there" as the place named before', () => {
    const plan = ask('how long do i have to live there first', [
      'how long does a california divorce take',
    ]);
    expect(plan).toMatchObject({ placement: 'covered' });
    expect(firstParagraphOf(plan.text)).toContain('six months');
  });

  it('reads a time of day as one, however it is written', () => {
    expect(words("called at 7:15am, 8 a.m. and 9 o'clock")).toEqual(
      'called at 7 oclock 8 oclock and 9 oclock'.split(' '),
    );
    const plan = ask('collector phoned me at 7:15am on a saturday, can they do that');
    expect(firstParagraphOf(plan.text)).toContain('before 8 a.m.');
  });

  it("weighs a follow-up's own words, the amount it names too", () => {
    const old = ['how long can a collector wait before they cant sue me over an old credit card'];
    expect(firstParagraphOf(ask('what if i pay like $20 on it now', old).text)).toContain(
      'a partial payment can restart the clock',
    );
  });

  it('reads a short question that points back with the one before it, and small talk apart', () => {
    const llc = ['do i need to publish a notice in the paper when i form an llc in new york'];
    const weeks = ask('how many weeks does it have to run', llc);
    expect(weeks).toMatchObject({ placement: 'covered', free: false });
    expect(firstParagraphOf(weeks.text)).toContain('once a week for six weeks');
    const card = ['my card company is ignoring the dispute letter i sent 3 weeks ago'];
    expect(firstParagraphOf(ask('how long do they have to deal with it', card).text)).toContain(
      'within two billing cycles',
    );
    // "This weekend" and the weather point at nothing said before.
    const dui = ['what happens if i get a dui in florida'];
    expect(ask('whats the weather like in miami in march', dui)).toMatchObject({
      placement: 'not-legal',
      free: true,
    });
    expect(
      ask('any good movies out this weekend', ['how do i file for divorce in new york']),
    ).toMatchObject({ placement: 'not-legal', free: true });
  });

  it('reads two to twelve written as words as the digits, and "one" as a word', () => {
    expect(words('four kids, two years, one of them')).toEqual(
      '4 kids 2 years one of them'.split(' '),
    );
  });

  it('answers with the question the guide asks for the state named, in a follow-up too', () => {
    const utah = ask('and in utah?', ["what's the legal blood alcohol limit for driving"]);
    expect(firstParagraphOf(utah.text)).toMatch(/^In Utah, .*0\.05/);
  });

  it('reads the numbers a person gives as their case, not as words no guide uses', () => {
    for (const text of [
      'When is my deposit due back? ref 1764087000000 4417 90210',
      'my landlord in texas kept my 1500 deposit 45 days after i moved out',
    ]) {
      expect(ask(text)).toMatchObject({ placement: 'covered' });
    }
  });

  it('keeps a form number whole: N-400 is not 400', () => {
    const plan = ask('how early can i send in my n-400');
    expect(plan.passages[0]).toMatchObject({ slug: 'becoming-a-citizen' });
  });

  it('reads a unit shortened after a number as the unit: "$18/hr" is pay by the hour, not HR', () => {
    expect(words('i make $18/hr and worked 47 hrs, 6 wks ago; talk to hr')).toEqual(
      'i make 18 hour and worked 47 hours 6 weeks ago talk to hr'.split(' '),
    );
    const plan = ask(
      'i make $18/hr and worked 47 hrs last week. what should those extra 7 hrs pay',
    );
    expect(plan.passages[0]).toMatchObject({ slug: 'overtime-pay' });
  });

  it('uses the profile state when the question names none, and the named state over it', () => {
    const ny = { country: 'US', region: 'NY' };
    expect(
      firstParagraphOf(ask('how long does my landlord have to return my deposit', [], ny).text),
    ).toContain('New York');
    expect(
      firstParagraphOf(
        ask('how long does my landlord in dallas have to return my deposit', [], ny).text,
      ),
    ).toContain('Texas');
  });

  it('asks for the state where the rule varies and none is known', () => {
    const plan = ask('how long does my landlord have to return my deposit?');
    expect(plan.asksForState).toBe(true);
    expect(firstParagraphOf(plan.text)).toContain('Which state are you in?');
  });

  it('says so when the guides have no figure for the state, and links its courts', () => {
    expect(firstParagraphOf(ask('what is the small claims limit in ohio').text)).toContain(
      '$6,000',
    );
    const wyoming = firstParagraphOf(
      ask('what is the most i can sue for in small claims in wyoming').text,
    );
    expect(wyoming).toContain('Our guides do not give this figure for Wyoming.');
  });

  it("answers a guide's topic typed alone", () => {
    for (const topic of [
      'Deposits?',
      'eviction',
      'custody',
      'overtime',
      'bankruptcy',
      'dui',
      'green card',
      'small claims',
      'child support',
      'garnishment',
      'restraining order',
      'power of attorney',
    ]) {
      expect(ask(topic).placement, topic).toBe('covered');
    }
  });

  it('declines, free, what is not legal, not covered, small talk or in another language', () => {
    expect(ask('How do I bake sourdough bread?')).toMatchObject({
      placement: 'not-legal',
      free: true,
    });
    expect(ask('How do I file a patent for my invention?')).toMatchObject({
      placement: 'not-covered',
      free: true,
    });
    expect(ask('hello!')).toMatchObject({ placement: 'small-talk', free: true });
    expect(ask('¿Mi casero puede quedarse con mi depósito?')).toMatchObject({
      placement: 'other-language',
      free: true,
    });
    expect(ask('my landlord in toronto kept my deposit')).toMatchObject({
      placement: 'abroad',
      free: true,
    });
  });

  it('declines a field no guide covers that the question names, unless the guide it reaches takes it up', () => {
    for (const question of [
      'the business name i want is already trademarked by a company in another state, can i still use it',
      'how does adopting a child from another country work',
      'my hoa fined me for my fence color, can they do that',
      'the landlord of our restaurant space wants us to pay cam charges, can he',
      'my son was bullied at school all year and the school district did nothing, can we sue',
    ]) {
      expect(ask(question), question).toMatchObject({ placement: 'not-covered', free: true });
    }
    // Leave to bond with an adopted child is the family-leave guide's; guns under a protective
    // order are that guide's; the deadline to sue for malpractice is the deadlines guide's.
    expect(ask('we are adopting a baby in march, can i get fmla to bond with her')).toMatchObject({
      placement: 'covered',
      free: false,
    });
    expect(
      ask('my ex got served with a protective order, does he have to give up his guns'),
    ).toMatchObject({
      placement: 'covered',
    });
    expect(ask('how long do i have to sue a doctor for malpractice in new york')).toMatchObject({
      placement: 'covered',
    });
  });

  it('answers an immigration or tax question that names another country, and not one about that country’s own system', () => {
    const placed = answers.place({
      text: 'i have a green card and need to spend about 10 months in india caring for my dad, will i lose it',
      earlier: [],
      profile: nowhere,
    });
    expect(placed).toMatchObject({ kind: 'covered', guide: { slug: 'green-cards' } });
    expect(ask('my uk visa expired, can i stay in the uk while i appeal')).toMatchObject({
      placement: 'abroad',
      free: true,
    });
  });

  it('chooses the guide people mean by how they ask, not only by the words the guides share', () => {
    const cases: [string, string][] = [
      [
        'a door to door pest control guy got me to sign a contract in my living room yesterday, can i cancel',
        'disputing-charges-and-refunds',
      ],
      [
        'my llc redid a kitchen for a homeowner in sacramento, she owes us 8000, can the company take her to small claims',
        'collecting-unpaid-invoices',
      ],
    ];
    expectGuides(cases);
  });

  it('reaches the guide the model is sure of when the search did not find it, and keeps to it', () => {
    const cases: [string, string][] = [
      // The search finds credit cards and medical debt; the estate guides answer.
      ['my husband died and collectors want me to pay his credit cards', 'dying-without-a-will'],
      // Another guide's question ("fired for …") does not take the answer from the leave guide.
      [
        'my dad has cancer and i need to take care of him, can i take leave from work without getting fired',
        'family-and-medical-leave',
      ],
    ];
    expectGuides(cases);
    expect(
      firstParagraphOf(ask('my husband died and collectors want me to pay his credit cards').text),
    ).toMatch(/^Heirs are generally not personally responsible for the dead person's debts\./);
  });

  it('declines, free, a request to write something for fun, whatever its words', () => {
    for (const question of [
      'write a haiku about getting divorced',
      'give me 10 baby names that start with J',
      'how many lawyers does it take to change a lightbulb',
      'lets role play a custody hearing, you be the judge',
      'can you pretend to be my landlord so i can practice',
    ]) {
      expect(ask(question), question).toMatchObject({ placement: 'not-legal', free: true });
    }
    expect(ask('can you write a letter to my landlord asking for my deposit back')).toMatchObject({
      placement: 'covered',
    });
    const loan = ask('how many payments does it take to get my student loan out of default');
    expect(loan).toMatchObject({ placement: 'covered' });
    expect(loan.passages[0]).toMatchObject({ slug: 'federal-student-loans' });
  });

  it('tells a legal question we do not cover from one that is not legal: jury duty is legal', () => {
    const plan = ask('how many days can i miss work for jury duty');
    expect(plan).toMatchObject({ placement: 'not-covered', free: true });
    expect(ask('i got a letter saying im being audited')).toMatchObject({
      placement: 'not-covered',
    });
    expect(ask('how long do i have to contest a will in california')).toMatchObject({
      placement: 'not-covered',
      free: true,
    });
    expect(
      ask('how many days notice does my landlord need to raise rent in new york'),
    ).toMatchObject({ placement: 'not-covered', free: true });
  });

  it('with a model, a legal question not covered gets the decline as its first line and no passages', () => {
    const plan = answers.plan(
      { text: 'How do I file a patent for my invention?', earlier: [], profile: nowhere },
      true,
    );
    expect(plan).toMatchObject({ placement: 'not-covered', free: false, passages: [] });
    expect(plan.firstLine).toContain('Our guides do not cover this topic');
  });
});

describe('the figure a question asks for', () => {
  it.each([
    ['how much heads up do i need to give b4 i move out', 'duration'],
    ['how far back can i go after it', 'duration'],
    ['whats the deadline to file an appeal', 'duration'],
    ['i missed the deadline to respond to a lawsuit, what happens', undefined],
    ['what % of his paycheck should he be paying me', 'money'],
    ['how many points is that', 'count'],
    ['he borrowed it 4 years ago, can i still take him to court', 'duration'],
    ['is it too late to appeal', 'duration'],
    ['can i still get unemployment if i quit', undefined],
  ])('reads "%s" as %s', (text, kind) => {
    expect(figureKindOf(text)).toBe(kind);
  });
});

describe('figures in a model’s answer', () => {
  const passage = {
    slug: 'security-deposits',
    guideTitle: 'Deposits',
    anchor: 'x',
    heading: 'X',
    text: 'In Texas, the landlord must refund the deposit within 30 days.',
    snippet: '',
    score: 1,
    jurisdiction: 'US',
  };
  it('are found in the passages they cite, or reported', async () => {
    const { unsupportedFigures } = await import('./figures');
    expect(unsupportedFigures('You get it back within 30 days [1].', [passage])).toEqual([]);
    expect(unsupportedFigures('You get it back within 45 days [1].', [passage])).toEqual(['45']);
    expect(unsupportedFigures('Uncited: 45 days.', [passage])).toEqual([]);
  });
});
