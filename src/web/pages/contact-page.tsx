import { PageBanner } from '../components/ui/page-banner';
import { ContactDetails, ContactMap } from '../features/contact/contact-details';
import { ContactForm } from '../features/contact/contact-form';
import { site } from '../site';

export default function ContactPage() {
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
                <ContactForm />
              </div>
            </div>
          </div>
          <ContactMap url={site.contact.mapEmbedUrl} />
        </div>
      </section>
    </>
  );
}
