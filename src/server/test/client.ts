import type { InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import type { Db } from '../db/client.js';
import { createSession } from '../lib/auth.js';
import type { App } from '../lib/context.js';
import type { Role } from '../../shared/roles.js';
import { makeUser } from './factories.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
type Headers = Record<string, string>;
/** A request body: an object is sent as JSON, a string or Buffer as it is (set its content-type in headers). */
export type Body = object | string | Buffer;

/** Per-request extras: more headers (they win over the client's own), the caller's address. */
export interface RequestOptions {
  headers?: Headers;
  remoteAddress?: string;
}

/**
 * Someone calling the app in memory (app.inject): anonymous, or signed in with a session token
 * sent as `Authorization: Bearer` on every request. Answers are light-my-request responses
 * (`statusCode`, `json()`, `body`, `headers`, `rawPayload`).
 */
export interface Client {
  /** The signed-in user; null for the anonymous client and for clients made from a bare token. */
  readonly user: { id: number; email: string; role: Role } | null;
  readonly token: string | null;
  /** What this client sends with every request (the Authorization header), for hand-made calls. */
  readonly headers: Headers;
  get(url: string, options?: RequestOptions): Promise<Response>;
  delete(url: string, options?: RequestOptions): Promise<Response>;
  post(url: string, body?: Body, options?: RequestOptions): Promise<Response>;
  put(url: string, body?: Body, options?: RequestOptions): Promise<Response>;
  patch(url: string, body?: Body, options?: RequestOptions): Promise<Response>;
  /** Any method: for HEAD, OPTIONS or a method picked by the test. */
  request(method: Method, url: string, body?: Body, options?: RequestOptions): Promise<Response>;
}

/** A client of a known user: what `as(role)` and `as(user)` answer. */
export type UserClient = Client & { readonly user: NonNullable<Client['user']> };

/** What factories answer for a signed-in user (signedIn, customerAt, teamWorld...): a session already made. */
export interface SessionHolder {
  token: string;
  user?: { id: number; email: string; role: Role };
}
/** A user row a factory made (makeUser): the harness signs it in. */
export interface UserRow {
  id: number;
  email: string;
  role: Role;
}

export function makeClient(app: App, token: string | null, user: Client['user'] = null): Client {
  const headers: Headers = token ? { authorization: `Bearer ${token}` } : {};
  const request = (method: Method, url: string, body?: Body, options: RequestOptions = {}) => {
    const req: InjectOptions = { method, url, headers: { ...headers, ...options.headers } };
    if (body !== undefined) req.payload = body as InjectOptions['payload'];
    if (options.remoteAddress) req.remoteAddress = options.remoteAddress;
    return app.inject(req);
  };
  return {
    user,
    token,
    headers,
    request,
    get: (url, options) => request('GET', url, undefined, options),
    delete: (url, options) => request('DELETE', url, undefined, options),
    post: (url, body, options) => request('POST', url, body, options),
    put: (url, body, options) => request('PUT', url, body, options),
    patch: (url, body, options) => request('PATCH', url, body, options),
  };
}

/** First names of the users `as(role)` makes, as in the demo accounts. */
const ROLE_NAMES: Record<Role, string> = { admin: 'Admin', kitchen: 'Kitchen', customer: 'Anna' };

/**
 * Signs users in for one test app, each once: `as('admin')` is the same administrator for the whole
 * file, `as(user)` the same session for that user row. A session holder (what signedIn, customerAt
 * or teamWorld answer) needs no sign-in: `ctx.as(await customerAt(...))` is that holder (its user,
 * location...) able to call the app at once.
 */
export function signIns(app: App, db: Db, now: () => Date) {
  const sessions = new Map<string | number, Promise<UserClient>>();
  const signIn = async (user: UserRow) => makeClient(app, await createSession(db, user.id, true, now()), user) as UserClient;
  function as<H extends SessionHolder>(who: H): H & Client;
  function as(who: Role | UserRow): Promise<UserClient>;
  function as(who: Role | UserRow | SessionHolder): Client | Promise<UserClient> {
    if (typeof who === 'object' && 'token' in who) return { ...who, ...makeClient(app, who.token, who.user ?? null) };
    const key = typeof who === 'string' ? who : who.id;
    let client = sessions.get(key);
    if (!client) {
      client = typeof who === 'string' ? makeUser(db, { role: who, firstName: ROLE_NAMES[who] }).then(signIn) : signIn(who);
      sessions.set(key, client);
    }
    return client;
  }
  return as;
}
