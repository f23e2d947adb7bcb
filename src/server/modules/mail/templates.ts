import { escapeHtml } from '../../html.js';

export interface EmailContent {
  productName: string;
  heading: string;
  /** Plain-text paragraphs; escaped for the HTML part. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A closing line in small print, e.g. why the person received this mail. */
  footer?: string;
  /** Newsletter mail: a link to unsubscribe, under the footer. */
  unsubscribeUrl?: string;
}

/** One layout for every email: a plain-text part and a simple, accessible HTML part. */
export function renderEmail(content: EmailContent): { text: string; html: string } {
  const { productName, heading, paragraphs, action, footer, unsubscribeUrl } = content;
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footer ? [footer, ''] : []),
    ...(unsubscribeUrl ? [`Unsubscribe: ${unsubscribeUrl}`, ''] : []),
    `${productName}`,
  ].join('\n');
  const button = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#e3b341;color:#0c1c35;padding:12px 22px;border-radius:8px;font-weight:600;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#4f5b6b">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#1d4e9e;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;background:#f6f4ef;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1c2430">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-weight:700;font-size:20px;color:#13294b;margin:0 0 24px">${escapeHtml(productName)}</p>
<div style="background:#fff;border-radius:12px;padding:28px 24px">
<h1 style="font-size:22px;margin:0 0 16px;color:#13294b">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.55;margin:0 0 14px">${escapeHtml(p)}</p>`).join('\n')}
${button}
</div>
${footer ? `<p style="font-size:12px;color:#4f5b6b;margin-top:20px">${escapeHtml(footer)}</p>` : ''}
${unsubscribeUrl ? `<p style="font-size:12px;color:#4f5b6b"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#1d4e9e">Unsubscribe</a></p>` : ''}
</div></body></html>`;
  return { text, html };
}
