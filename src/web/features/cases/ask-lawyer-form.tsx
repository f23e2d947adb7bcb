import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  caseLimits,
  caseMessages,
  createCaseRequestSchema,
  type CreateCaseRequest,
  type OwnCase,
} from '../../../shared/cases';
import { ApiError } from '../../api-client';
import { fieldErrorsOf } from '../../components/form/field-errors';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import type { CasesApi } from './cases-api';
import { areaOptions, stateOptions } from './labels';
import './cases.scss';

type FieldName = 'question' | 'state' | 'area' | 'phone';
const fieldOrder: FieldName[] = ['question', 'state', 'area', 'phone'];

/**
 * "Ask a lawyer" for a signed-in person: the question (filled in from the chat), the state, how to
 * be contacted and, when it comes from a conversation, an unticked choice to share a copy of it.
 */
export function AskLawyerForm({
  api,
  initialQuestion = '',
  initialState = '',
  conversationId = null,
  onCreated,
}: {
  api: CasesApi;
  initialQuestion?: string;
  initialState?: string;
  /** The conversation the question comes from; only then is sharing offered. */
  conversationId?: string | null;
  onCreated: (created: OwnCase) => void;
}) {
  const id = useId();
  const idOf = (name: string) => `${id}-${name}`;
  const [question, setQuestion] = useState(initialQuestion.slice(0, caseLimits.question));
  const [state, setState] = useState(initialState);
  const [area, setArea] = useState('');
  const [contactPreference, setContactPreference] = useState<'email' | 'phone'>('email');
  const [phone, setPhone] = useState('');
  const [share, setShare] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  function focusFirst(fields: Partial<Record<string, string>>) {
    const first = fieldOrder.find((name) => fields[name]);
    if (first) document.getElementById(idOf(first))?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    const request: CreateCaseRequest = {
      question,
      state,
      area: area || null,
      contactPreference,
      ...(contactPreference === 'phone' ? { phone } : {}),
      ...(conversationId ? { conversationId, shareConversation: share } : {}),
    };
    const fields = fieldErrorsOf(createCaseRequestSchema, request);
    setErrors(fields);
    if (Object.keys(fields).length > 0) return focusFirst(fields);
    setSending(true);
    try {
      onCreated(await api.create(request));
    } catch (error) {
      const failed =
        error instanceof ApiError ? error : new ApiError(0, 'internal', 'Something went wrong.');
      if (Object.keys(failed.fields).length > 0) {
        setErrors(failed.fields);
        focusFirst(failed.fields);
      } else {
        setFailure(failed.message);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="case-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="contact-form-title">
        Ask a lawyer
      </h2>
      <p className="contact-form-lead">
        A lawyer at the firm reads your question and replies here, in{' '}
        <Link to="/cases">My cases</Link>, and by email.
      </p>
      <div className="case-fields">
        <TextField
          id={idOf('question')}
          name="question"
          label="Your question"
          multiline
          value={question}
          onChange={setQuestion}
          error={errors.question}
          markRequired
          maxLength={caseLimits.question}
          hint={`At least ${caseLimits.questionMin} characters.`}
          hintYieldsToError
        />
        <SelectField
          id={idOf('state')}
          label="Your state"
          value={state}
          onChange={setState}
          options={stateOptions}
          emptyLabel="Choose your state"
          error={errors.state}
        />
        <SelectField
          id={idOf('area')}
          label="Area of law (optional)"
          value={area}
          onChange={setArea}
          options={areaOptions}
          emptyLabel="Not sure"
          error={errors.area}
        />
        <fieldset className="case-contact">
          <legend className="form-label">How should we contact you?</legend>
          {(['email', 'phone'] as const).map((choice) => (
            <div className="form-check" key={choice}>
              <input
                className="form-check-input"
                type="radio"
                id={idOf(`contact-${choice}`)}
                name={idOf('contact')}
                checked={contactPreference === choice}
                onChange={() => setContactPreference(choice)}
              />
              <label className="form-check-label" htmlFor={idOf(`contact-${choice}`)}>
                {choice === 'email' ? 'By email' : 'By phone'}
              </label>
            </div>
          ))}
        </fieldset>
        {contactPreference === 'phone' ? (
          <TextField
            id={idOf('phone')}
            name="phone"
            label="Phone number"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={setPhone}
            error={errors.phone}
            markRequired
            maxLength={caseLimits.phone}
          />
        ) : null}
        {conversationId ? (
          <div className="form-check case-share">
            <input
              id={idOf('share')}
              className="form-check-input"
              type="checkbox"
              checked={share}
              aria-describedby={idOf('share-hint')}
              onChange={(event) => setShare(event.target.checked)}
            />
            <label htmlFor={idOf('share')} className="form-check-label">
              Share this conversation with the firm
            </label>
            <p id={idOf('share-hint')} className="form-text">
              {caseMessages.shareNotice}
            </p>
          </div>
        ) : null}
      </div>
      {failure ? (
        <div className="alert alert-danger" role="alert">
          <strong>Your question was not sent.</strong> {failure}
        </div>
      ) : null}
      <div className="contact-actions">
        <button className="btn btn-accent btn-lg" type="submit" disabled={sending}>
          {sending ? 'Sending…' : 'Send to a lawyer'}
        </button>
      </div>
    </form>
  );
}
