import { Link } from 'react-router';
import results from '../../shared/accuracy-results.json';
import unseen from '../../shared/unseen-results.json';
import { LegalDocument } from '../components/ui/legal-document';

interface Share {
  count: number;
  of: number;
}

type SetFigures = (typeof results.sets)['all'];

const percent = ({ count, of }: Share) => (of === 0 ? '–' : `${((100 * count) / of).toFixed(1)}%`);

const sets = [
  { key: 'held-out', label: 'Held-out questions' },
  { key: 'tune', label: 'Tuning questions' },
  { key: 'all', label: 'All' },
] as const;

const rows: { label: string; show: (f: SetFigures) => string; meaning: string }[] = [
  {
    label: 'Questions',
    show: (f) => String(f.questions),
    meaning: 'Questions asked, as people write them: typos, slang, cities, follow-ups.',
  },
  {
    label: 'Direct, cited answers',
    show: (f) => `${percent(f.directAnswers)} (${f.directAnswers.count} of ${f.directAnswers.of})`,
    meaning:
      'Of the questions our guides cover, how often the first paragraph states the fact asked for, for the place asked about, with a citation to a passage given.',
  },
  {
    label: 'Citations that point to a source given',
    show: (f) => percent(f.citationValidity),
    meaning: 'Every [n] in an answer names one of the passages listed under it.',
  },
  {
    label: 'Figures supported by the passage cited',
    show: (f) => percent(f.citationSupport),
    meaning:
      'Of the sentences that state a number, amount or time limit, how often the passage they cite contains it.',
  },
  {
    label: 'Declined, free of charge',
    show: (f) => `${percent(f.declinedFree)} (${f.declinedFree.count} of ${f.declinedFree.of})`,
    meaning:
      'Of the questions that are not legal, or legal but not covered by our guides, how often the assistant said so and charged nothing.',
  },
  {
    label: 'Covered questions wrongly declined',
    show: (f) => `${percent(f.wrongDeclines)} (${f.wrongDeclines.count} of ${f.wrongDeclines.of})`,
    meaning: 'Questions our guides answer that the assistant said it could not answer.',
  },
  {
    label: 'Reading grade of the first paragraph',
    show: (f) => String(f.firstParagraphGrade),
    meaning: 'The US school grade at which the first paragraph reads (Flesch-Kincaid).',
  },
];

const shareOf = (share: Share) => `${percent(share)} (${share.count} of ${share.of})`;

const unseenRows: { label: string; share: Share }[] = [
  { label: 'Covered questions wrongly declined', share: unseen.wronglyDeclined },
  { label: 'Covered questions answered from the right guide', share: unseen.rightGuide },
  { label: 'Questions that are not legal, declined free', share: unseen.declined.notLegal },
  {
    label: 'Legal questions our guides do not cover, declined free',
    share: unseen.declined.uncovered,
  },
  {
    label: 'Other messages, declined free',
    share: unseen.declined.otherVoices,
  },
  { label: 'All questions to decline, declined free', share: unseen.declined.all },
];

export default function AccuracyPage() {
  return (
    <LegalDocument
      title="How accurate the assistant is"
      updated={results.date}
      summary={
        <p>
          We test the assistant on a set of real-world questions and publish what we find, good or
          bad. These are the latest figures for the assistant as it runs with no AI model
          configured: it answers only with sentences from <Link to="/guides">our guides</Link>.
        </p>
      }
    >
      <h2>The latest figures</h2>
      {/* A region that may scroll sideways on a phone: reachable by keyboard, and named. */}
      <div className="table-responsive" tabIndex={0} role="region" aria-label="The latest figures">
        <table className="table accuracy-table">
          <caption>Measured on {results.date}</caption>
          <thead>
            <tr>
              <th scope="col">Measure</th>
              {sets.map((set) => (
                <th scope="col" key={set.key}>
                  {set.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {sets.map((set) => (
                  <td key={set.key}>{row.show(results.sets[set.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>On questions nobody tuned it on</h2>
      <p>
        The figures above come from questions we used, in part, to build the assistant. To see how
        it does on questions like none it has seen, someone who had seen neither the assistant's
        code nor our other questions wrote{' '}
        {(unseen.rightGuide.of + unseen.declined.all.of).toLocaleString('en-US')} more from our
        guides alone, in two sets: {unseen.rightGuide.of} that the guides answer, and{' '}
        {unseen.declined.all.of} that the assistant should decline (not legal, legal but not
        covered, and other messages such as jokes and requests). These show whether it recognises
        the guide a question belongs to, and whether it declines what it should.
      </p>
      <div
        className="table-responsive"
        tabIndex={0}
        role="region"
        aria-label="Figures on questions nobody tuned on"
      >
        <table className="table accuracy-table">
          <caption>Measured on {unseen.date}</caption>
          <thead>
            <tr>
              <th scope="col">Measure</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {unseenRows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{shareOf(row.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Most of the legal questions it fails to decline sit right next to a topic our guides cover
        (a homeowner's question beside our renters' guides, for example). It then answers from the
        nearest guide, and the answer says which guide it comes from.
      </p>

      <h2>What each figure means</h2>
      <dl>
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.meaning}</dd>
          </div>
        ))}
      </dl>

      <h2>How we measure</h2>
      <p>
        Each question is sent to the assistant exactly as a person would send it, with the earlier
        questions of its conversation first. The held-out questions were written apart and never
        used to tune the assistant, so they show how it does on questions it has not seen. Our aims:
        at least 90% direct, cited answers; every citation pointing to a source given; at least 95%
        of other questions declined at no charge; at most 3% of covered questions wrongly declined;
        a first paragraph at grade 8 or below. Where a figure falls short of its aim, it is shown as
        it is.
      </p>
      <h2>What this does not tell you</h2>
      <p>
        A correct general answer can still be wrong for your facts. The assistant is an AI, no
        lawyer reads its answers, and it gives legal information, not legal advice. For your own
        situation, use <strong>Ask a lawyer</strong> or <Link to="/contact">contact us</Link>.
      </p>
    </LegalDocument>
  );
}
