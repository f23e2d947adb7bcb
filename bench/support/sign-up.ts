import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Signs up through the API as a person would: registers, follows the verification link from the
 * outbox under `dataDir` (the embedded mail default), and answers the access token the
 * verification starts a session with.
 */
export async function signUpThroughOutbox(
  base: string,
  dataDir: string,
  person: { email: string; password: string },
): Promise<string> {
  const post = (route: string, body: unknown) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/auth/register', person);
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const outbox = path.join(dataDir, 'outbox');
  let token: string | undefined;
  for (let i = 0; i < 400 && !token; i++) {
    const files = existsSync(outbox) ? readdirSync(outbox) : [];
    // The text part is quoted-printable: undo soft line breaks and the encoded "=".
    const mail = files
      .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
      .join('\n')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    token = /verify-email#token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (!token) throw new Error('no verification mail in the outbox');
  const verified = await post('/api/auth/verify-email', { token });
  if (!verified.ok) throw new Error(`verify-email answered ${verified.status}`);
  return ((await verified.json()) as { accessToken: string }).accessToken;
}
