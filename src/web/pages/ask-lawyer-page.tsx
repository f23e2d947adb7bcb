import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageBanner } from '../components/ui/page-banner';
import { useAuth } from '../features/auth/auth-context';
import { RequireAuth } from '../features/auth/require-auth';
import { AskLawyerForm } from '../features/cases/ask-lawyer-form';
import { createCasesApi } from '../features/cases/cases-api';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `?question=` and `?conversation=` come from "Ask a lawyer" under an answer in the chat. */
function AskLawyer() {
  const { user, session } = useAuth();
  const api = useMemo(() => createCasesApi(session), [session]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [question] = useState(() => params.get('question') ?? '');
  const [conversation] = useState(() => {
    const id = params.get('conversation') ?? '';
    return uuid.test(id) ? id : null;
  });
  const home = user?.jurisdiction?.country === 'US' ? (user.jurisdiction.region ?? '') : '';
  return (
    <>
      <PageBanner
        title="Ask a lawyer"
        crumbs={[
          { label: 'Home', to: '/' },
          { label: 'My cases', to: '/cases' },
          { label: 'Ask a lawyer' },
        ]}
      />
      <section className="page-section" aria-label="Your question">
        <div className="container case-container">
          <div className="contact-card">
            <AskLawyerForm
              api={api}
              initialQuestion={question}
              initialState={home}
              conversationId={conversation}
              onCreated={(created) =>
                void navigate(`/cases/${created.id}`, { state: { created: true } })
              }
            />
          </div>
        </div>
      </section>
    </>
  );
}

export default function AskLawyerPage() {
  return (
    <RequireAuth>
      <AskLawyer />
    </RequireAuth>
  );
}
