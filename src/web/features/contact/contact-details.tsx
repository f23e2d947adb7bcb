import type { PublicSiteConfig } from '../../../shared/site';

type Contact = PublicSiteConfig['contact'];

/** Phone and e-mail as links people can tap, e.g. "+1 (555) 010-2030" -> "tel:+15550102030". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function Icon({ path }: { path: string }) {
  return (
    <svg className="contact-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

const icons = {
  phone:
    'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z',
  email:
    'M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm0 4-8 5-8-5V6l8 5 8-5z',
  address:
    'M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z',
};

/** The firm's phone, e-mail and postal address; each shown only when configured. */
export function ContactDetails({ contact }: { contact: Contact }) {
  const { phone, email, address } = contact;
  return (
    <section className="contact-details" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title" className="contact-details-title">
        Get in touch
      </h2>
      <p>
        Questions about the assistant, your account or a plan? Want to talk to one of our lawyers?
        Write to us and we will reply by email.
      </p>
      {phone || email || address ? (
        <ul className="contact-items">
          {phone ? (
            <li>
              <Icon path={icons.phone} />
              <div>
                <span className="contact-item-label">Phone</span>
                <a href={telHref(phone)}>{phone}</a>
              </div>
            </li>
          ) : null}
          {email ? (
            <li>
              <Icon path={icons.email} />
              <div>
                <span className="contact-item-label">Email</span>
                <a href={`mailto:${email}`}>{email}</a>
              </div>
            </li>
          ) : null}
          {address ? (
            <li>
              <Icon path={icons.address} />
              <div>
                <span className="contact-item-label">Address</span>
                <address className="mb-0">{address}</address>
              </div>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="contact-use-form">
          The quickest way to reach us is the form on this page: we read every message.
        </p>
      )}
    </section>
  );
}

/** The map of the office, embedded only when an address for it is configured. */
export function ContactMap({ url }: { url: string | undefined }) {
  if (!url) return null;
  return (
    <div className="contact-map-frame">
      <iframe
        className="contact-map"
        title="Map showing the location of our office"
        src={url}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
      />
    </div>
  );
}
