import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContactDetails, ContactMap, telHref } from './contact-details';

describe('contact block', () => {
  it('shows the configured phone as a tel: link, the e-mail as mailto: and the address', () => {
    const html = renderToStaticMarkup(
      <ContactDetails
        contact={{
          phone: '+1 (555) 010-2030',
          email: 'hello@lexwise.example',
          address: '100 Main Street, Springfield & Co',
        }}
      />,
    );
    expect(html).toContain('<a href="tel:+15550102030">+1 (555) 010-2030</a>');
    expect(html).toContain('<a href="mailto:hello@lexwise.example">hello@lexwise.example</a>');
    expect(html).toContain('<address class="mb-0">100 Main Street, Springfield &amp; Co</address>');
    expect(html).not.toContain('quickest way to reach us');
  });

  it('hides each item that is not configured', () => {
    const html = renderToStaticMarkup(<ContactDetails contact={{ email: 'hi@lexwise.example' }} />);
    expect(html).toContain('mailto:hi@lexwise.example');
    expect(html).not.toContain('tel:');
    expect(html).not.toContain('<address');
  });

  it('points to the form when nothing is configured', () => {
    const html = renderToStaticMarkup(<ContactDetails contact={{}} />);
    expect(html).not.toContain('<ul');
    expect(html).toContain('The quickest way to reach us is the form on this page');
  });

  it('embeds the map with a title and lazy loading only when configured', () => {
    expect(renderToStaticMarkup(<ContactMap url={undefined} />)).toBe('');
    const html = renderToStaticMarkup(
      <ContactMap url="https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4" />,
    );
    expect(html).toMatch(/<iframe[^>]+title="Map showing the location of our office"/);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('src="https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4"');
  });

  it('dials only digits and a leading plus', () => {
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });
});
