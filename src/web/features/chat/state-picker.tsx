import { useId, useState, type FormEvent } from 'react';
import { regionsByCountry } from '../../../shared/jurisdictions';

const states = regionsByCountry.US?.regions ?? [];

/** Under an answer whose rule depends on the state: choose one, and the question is asked for it. */
export function StatePicker({ onChoose }: { onChoose: (stateName: string) => void }) {
  const id = useId();
  const [state, setState] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (state) onChoose(state);
  }

  return (
    <form className="state-picker" onSubmit={submit}>
      <label htmlFor={`${id}-state`} className="form-label">
        Your state
      </label>
      <div className="state-picker-row">
        <select
          id={`${id}-state`}
          className="form-select form-select-sm"
          value={state}
          onChange={(event) => setState(event.target.value)}
        >
          <option value="">Choose a state</option>
          {states.map((region) => (
            <option key={region.code} value={region.name}>
              {region.name}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-sm btn-accent" disabled={!state}>
          Answer for this state
        </button>
      </div>
    </form>
  );
}
