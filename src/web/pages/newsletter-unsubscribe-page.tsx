import { PageBanner } from '../components/ui/page-banner';
import { NewsletterLink } from '../features/newsletter/newsletter-link';

export default function NewsletterUnsubscribePage() {
  return (
    <>
      <PageBanner
        title="Unsubscribe from the newsletter"
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Newsletter' }]}
      />
      <section className="page-section">
        <div className="container narrow">
          <NewsletterLink action="unsubscribe" />
        </div>
      </section>
    </>
  );
}
