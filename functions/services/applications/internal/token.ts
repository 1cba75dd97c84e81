/** A sign-up link's token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function newSignUpToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

export async function hashSignUpToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The page the mailed link opens: /apply with the token and the email it is bound to. */
export function signUpUrl(publicUrl: string, token: string, email: string): string {
  const url = new URL('/apply', publicUrl);
  url.searchParams.set('invite', token);
  url.searchParams.set('email', email);
  return url.toString();
}
