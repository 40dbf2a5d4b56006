import { publicBaseUrl, type Env } from '../env.js';

/**
 * Every address the app e-mails or shows is built here, from PUBLIC_URL only (never from the
 * request's Host header, nor on the web from the browser's address), so the administrator's and
 * the manager's invitation links, reset and sign-up e-mails all name the same site.
 */
type LinkEnv = Pick<Env, 'PUBLIC_URL' | 'PORT'>;

/** A location's shared sign-up address (spec 2: /user/register-invited/{token}). */
export function inviteLink(env: LinkEnv, locationToken: string): string {
  return `${publicBaseUrl(env)}/user/register-invited/${encodeURIComponent(locationToken)}`;
}

/** The login page. */
export function loginLink(env: LinkEnv): string {
  return `${publicBaseUrl(env)}/login`;
}

/** A password-reset link. */
export function resetLink(env: LinkEnv, token: string, email: string): string {
  return `${publicBaseUrl(env)}/password/reset/${token}?email=${encodeURIComponent(email)}`;
}

/** A menu's order page (the reminders' link): the new order page with that menu chosen. */
export function menuOrderLink(env: LinkEnv, providerId: number, menuId: number): string {
  return `${publicBaseUrl(env)}/order?dishlist=${menuId}&provider_id=${providerId}`;
}

/** An order's details page (the delivery notices' link). */
export function orderLink(env: LinkEnv, orderId: number): string {
  return `${publicBaseUrl(env)}/order/${orderId}`;
}

/** The page a reminder's "stop these reminders" link opens (no sign-in needed, decision 033). */
export function reminderUnsubscribeLink(env: LinkEnv, token: string): string {
  return `${publicBaseUrl(env)}/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The RFC 8058 one-click address (List-Unsubscribe header): a mail client POSTs to it. */
export function reminderOneClickLink(env: LinkEnv, token: string): string {
  return `${publicBaseUrl(env)}/app/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** An invitation's create-your-password page (spec 2: /password/create/{hash}). */
export function passwordCreateLink(env: LinkEnv, token: string): string {
  return `${publicBaseUrl(env)}/password/create/${encodeURIComponent(token)}`;
}

/**
 * A label's QR address (issue 14): the hand-over page of one portion, unit `unit` (1-based) of
 * order line `itemId` of order `orderId`. Staff open it signed in; it marks that portion handed
 * over once (a second scan says when it was). Nothing secret: the page needs a staff session.
 */
export function handoverLink(env: LinkEnv, orderId: number, itemId: number, unit: number): string {
  return `${publicBaseUrl(env)}/handover/${orderId}/${itemId}/${unit}`;
}

/**
 * A visitor link (issue 29, decision 077): the public page where a visitor picks their own dish
 * from one menu, once. The token is the only key: it appears here and nowhere else (stored hashed).
 */
export function visitorLink(env: LinkEnv, token: string): string {
  return `${publicBaseUrl(env)}/visit/${encodeURIComponent(token)}`;
}

/**
 * A rating link (issue 30, decision 079): the public page where an eater rates a delivered lunch
 * without signing in, once. The token is the only key: it appears here and nowhere else (stored hashed).
 */
export function ratingLink(env: LinkEnv, token: string): string {
  return `${publicBaseUrl(env)}/rate/${encodeURIComponent(token)}`;
}
