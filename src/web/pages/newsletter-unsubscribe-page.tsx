import { NewsletterLinkPage } from '../features/newsletter/newsletter-link';

export default function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage action="unsubscribe" />;
}
