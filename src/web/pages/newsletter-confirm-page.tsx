import { NewsletterLinkPage } from '../features/newsletter/newsletter-link';

export default function NewsletterConfirmPage() {
  return <NewsletterLinkPage action="confirm" />;
}
