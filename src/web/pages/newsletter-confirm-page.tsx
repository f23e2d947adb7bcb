import { PageBanner } from '../components/ui/page-banner';
import { NewsletterLink } from '../features/newsletter/newsletter-link';

export default function NewsletterConfirmPage() {
  return (
    <>
      <PageBanner
        title="Confirm your subscription"
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Newsletter' }]}
      />
      <section className="page-section">
        <div className="container narrow">
          <NewsletterLink action="confirm" />
        </div>
      </section>
    </>
  );
}
