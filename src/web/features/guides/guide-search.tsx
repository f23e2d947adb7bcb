import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { guidePath, guideSearchLimits, type GuidePassage } from '../../../shared/guides';
import { ApiError } from '../../api-client';
import { searchGuides } from './guides-api';

type SearchState =
  | { status: 'idle' }
  | { status: 'done'; query: string; results: GuidePassage[] }
  | { status: 'failed'; message: string };

/** Long enough to skip the keystrokes of one word, short enough to feel immediate. */
const typingPauseMs = 200;

function resultsMessage(state: SearchState): string {
  if (state.status === 'failed') return state.message;
  if (state.status !== 'done') return '';
  const count = state.results.length;
  if (count === 0) return `No guide matches “${state.query}”. Try other words.`;
  return `${count} ${count === 1 ? 'result' : 'results'} for “${state.query}”.`;
}

/**
 * The search box of the guide library: results as you type, announced by a live region; the
 * arrow keys move from the box into the results and between them, Escape goes back to the box.
 */
export function GuideSearch({ jurisdiction }: { jurisdiction: string | null }) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed.length < guideSearchLimits.queryMin) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchGuides(trimmed, jurisdiction, controller.signal).then(
        ({ results }) => setState({ status: 'done', query: trimmed, results }),
        (error: unknown) => {
          if ((error as Error).name === 'AbortError') return;
          const message =
            error instanceof ApiError ? error.message : 'The search failed. Please try again.';
          setState({ status: 'failed', message });
        },
      );
    }, typingPauseMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, jurisdiction]);

  const links = () => [...(listRef.current?.querySelectorAll('a') ?? [])];

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      const first = links()[0];
      if (first) {
        event.preventDefault();
        first.focus();
      }
    } else if (event.key === 'Escape' && query) {
      event.preventDefault();
      setQuery('');
    }
  }

  function onResultsKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
      if (next < 0) inputRef.current?.focus();
      else all[Math.min(next, all.length - 1)]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      inputRef.current?.focus();
    }
  }

  // Under the minimum length nothing is searched, and earlier results are no longer shown.
  const shown: SearchState =
    query.trim().length < guideSearchLimits.queryMin ? { status: 'idle' } : state;
  const results = shown.status === 'done' ? shown.results : [];
  return (
    <div className="guide-search">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          links()[0]?.focus();
        }}
      >
        <label htmlFor={inputId} className="form-label guide-search-label">
          Search the guides
        </label>
        <input
          ref={inputRef}
          id={inputId}
          name="q"
          type="search"
          className="form-control form-control-lg"
          placeholder="e.g. landlord kept my deposit"
          autoComplete="off"
          spellCheck
          maxLength={guideSearchLimits.queryMax}
          aria-describedby={`${inputId}-hint`}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onInputKeyDown}
        />
        <p id={`${inputId}-hint`} className="guide-search-hint">
          Describe your situation in your own words. Results appear as you type; press the down
          arrow to move into them.
        </p>
      </form>
      <p className="guide-search-status" role="status" aria-live="polite">
        {resultsMessage(shown)}
      </p>
      {results.length > 0 && (
        <ul
          ref={listRef}
          className="guide-results"
          aria-label="Search results"
          onKeyDown={onResultsKeyDown}
        >
          {results.map((result) => (
            <li key={`${result.slug}#${result.anchor}`} className="guide-result">
              <Link to={guidePath(result.slug, result.anchor)} className="guide-result-link">
                <span className="guide-result-title">{result.guideTitle}</span>
                <span className="guide-result-section">{result.heading}</span>
              </Link>
              <p className="guide-result-snippet">{result.snippet}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
