import type { GuideDocument } from '../../../shared/guides';
import { regionsByCountry } from '../../../shared/jurisdictions';

const stateNames = new Map(
  regionsByCountry.US!.regions.map((region) => [`US-${region.code}`, region.name]),
);
const placeName = (jurisdiction: string) =>
  jurisdiction === 'US' ? 'Federal' : (stateNames.get(jurisdiction) ?? jurisdiction);
/** "deposit-return-deadline" -> "Deposit return deadline". */
const kindLabel = (kind: string) => {
  const words = kind.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export const commonQuestionsAnchor = 'common-questions';
export const figuresAnchor = 'figures-by-state';

/** The questions the guide answers, each with its own sentence and a link to where it stands. */
export function CommonQuestions({ guide }: { guide: GuideDocument }) {
  if (guide.questions.length === 0) return null;
  return (
    <section className="guide-section guide-questions" aria-labelledby={commonQuestionsAnchor}>
      <h2 id={commonQuestionsAnchor}>Common questions</h2>
      {guide.questions.map((question) => (
        <details key={question.ask}>
          <summary>{question.ask}</summary>
          <p>
            {question.answer}{' '}
            <a href={`#${question.anchor}`}>
              Read more<span className="visually-hidden">: {question.ask}</span>
            </a>
          </p>
        </details>
      ))}
    </section>
  );
}

/** The guide's figures that vary by place, one table per kind, each with its source. */
export function FiguresByState({ guide }: { guide: GuideDocument }) {
  const kinds = [...new Set(guide.facts.map((fact) => fact.kind))];
  if (kinds.length === 0) return null;
  return (
    <section className="guide-section guide-figures" aria-labelledby={figuresAnchor}>
      <h2 id={figuresAnchor}>Figures by state</h2>
      <p>Each figure as its official source states it, with the date we last checked it.</p>
      {kinds.map((kind) => (
        <div className="guide-figures-scroll" key={kind}>
          <table className="guide-figures-table">
            <caption>{kindLabel(kind)}</caption>
            <thead>
              <tr>
                <th scope="col">Where</th>
                <th scope="col">Figure</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {guide.facts
                .filter((fact) => fact.kind === kind)
                .map((fact) => (
                  <tr key={fact.jurisdiction}>
                    <th scope="row">{placeName(fact.jurisdiction)}</th>
                    <td>{fact.value}</td>
                    <td>
                      <a href={fact.source} rel="noopener">
                        Official source
                        <span className="visually-hidden"> for {placeName(fact.jurisdiction)}</span>
                      </a>
                      <br />
                      <small>
                        Checked{' '}
                        <time dateTime={fact.checked}>
                          {dateFormat.format(new Date(`${fact.checked}T00:00:00Z`))}
                        </time>
                      </small>
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
