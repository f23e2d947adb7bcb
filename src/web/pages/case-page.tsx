import { useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { caseMessages, type OwnCase } from '../../shared/cases';
import { PageBanner } from '../components/ui/page-banner';
import { PageLoading } from '../components/ui/page-loading';
import { useAuth } from '../features/auth/auth-context';
import { RequireAuth } from '../features/auth/require-auth';
import {
  CaseMessages,
  MessageBox,
  SharedConversation,
  StatusBadge,
} from '../features/cases/case-thread';
import { createCasesApi } from '../features/cases/cases-api';
import { areaName, formatWhen, stateName } from '../features/cases/labels';

function Case() {
  const { id = '' } = useParams();
  const { session } = useAuth();
  const location = useLocation();
  const created = (location.state as { created?: boolean } | null)?.created === true;
  const api = useMemo(() => createCasesApi(session), [session]);
  const [value, setValue] = useState<OwnCase | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    api.get(id).then(setValue, (error: Error) => setFailure(error.message));
  }, [api, id]);

  const title = value ? `Case ${value.number}` : 'Your case';
  return (
    <>
      <PageBanner
        title={title}
        crumbs={[{ label: 'Home', to: '/' }, { label: 'My cases', to: '/cases' }, { label: title }]}
      />
      <section className="page-section" aria-label="Your case">
        <div className="container case-container">
          {failure ? (
            <p className="alert alert-danger" role="alert">
              {failure}
            </p>
          ) : !value ? (
            <PageLoading />
          ) : (
            <>
              <div role="status">
                {created ? (
                  <p className="alert alert-success">
                    {caseMessages.created} Your case number is {value.number}.
                  </p>
                ) : null}
              </div>
              <dl className="case-facts">
                <dt>Status</dt>
                <dd>
                  <StatusBadge status={value.status} />
                </dd>
                <dt>State</dt>
                <dd>{stateName(value.state)}</dd>
                <dt>Area</dt>
                <dd>{areaName(value.area)}</dd>
                <dt>Asked</dt>
                <dd>{formatWhen(value.createdAt)}</dd>
                <dt>Contact</dt>
                <dd>
                  {value.contactPreference === 'phone' ? `By phone (${value.phone})` : 'By email'}
                </dd>
              </dl>
              <h2 className="case-heading">Your question</h2>
              <p className="case-question">{value.question}</p>
              <h2 className="case-heading">Replies</h2>
              <CaseMessages messages={value.messages} personLabel="You" />
              {value.status === 'closed' ? (
                <p>{caseMessages.closed}</p>
              ) : (
                <MessageBox
                  label="Your reply"
                  submitLabel="Send reply"
                  onSend={async (body) => setValue(await api.reply(value.id, body))}
                />
              )}
              {value.sharedConversation ? (
                <details className="case-details">
                  <summary>The conversation you shared</summary>
                  <SharedConversation messages={value.sharedConversation} />
                </details>
              ) : null}
            </>
          )}
        </div>
      </section>
    </>
  );
}

export default function CasePage() {
  return (
    <RequireAuth>
      <Case />
    </RequireAuth>
  );
}
