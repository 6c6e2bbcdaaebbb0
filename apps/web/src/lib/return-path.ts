/**
 * Where a visitor goes back to after logging in: carried as `?next=` through /login and /register.
 * Only a path of this shop is accepted ('/x', not '//host' or 'https://…'), so a crafted link
 * cannot send someone elsewhere after they typed their password.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  if (/^\/(login|register|forgot-password|reset-password|accept-invitation|error)(\/|\?|$)/.test(raw)) return null;
  return raw;
}

/** '/login?next=%2Fproducts%2F5' for the page the visitor is on. */
export function authPath(page: '/login' | '/register', next: string | null | undefined): string {
  const path = safeReturnPath(next);
  return path ? `${page}?next=${encodeURIComponent(path)}` : page;
}
