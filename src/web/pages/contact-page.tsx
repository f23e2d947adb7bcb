import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PageBanner } from '../components/ui/page-banner';
import { useAuth } from '../features/auth/auth-context';
import { AskLawyerForm } from '../features/cases/ask-lawyer-form';
import { createCasesApi } from '../features/cases/cases-api';
import { ContactDetails, ContactMap } from '../features/contact/contact-details';
import { ContactForm } from '../features/contact/contact-form';
import { site } from '../site';
import { useVisitorStatus } from './use-visitor-status';

/** A signed-in person asks a lawyer (a case); everyone else writes through the contact form. */
function SignedInQuestion() {
  const { session } = useAuth();
  const api = useMemo(() => createCasesApi(session), [session]);
  const navigate = useNavigate();
  return (
    <AskLawyerForm
      api={api}
      onCreated={(created) => void navigate(`/cases/${created.id}`, { state: { created: true } })}
    />
  );
}

export default function ContactPage() {
  const signedIn = useVisitorStatus() === 'signed-in';
  return (
    <>
      <PageBanner title="Contact Us" crumbs={[{ label: 'Home', to: '/' }, { label: 'Contacts' }]} />
      <section className="page-section contact-section" aria-label="Contact details and form">
        <div className="container">
          <div className="row gy-5 gx-lg-5">
            <div className="col-lg-5">
              <ContactDetails contact={site.contact} />
            </div>
            <div className="col-lg-7">
              <div className="contact-card">
                {signedIn ? <SignedInQuestion /> : <ContactForm />}
              </div>
            </div>
          </div>
          <ContactMap url={site.contact.mapEmbedUrl} />
        </div>
      </section>
    </>
  );
}
