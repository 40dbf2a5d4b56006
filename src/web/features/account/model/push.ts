import type { PushKey, PushResult } from '../../../../shared/schemas/reminders';
import { api } from '../../../lib/api';

/**
 * Web push for reminders in this browser (decision 033): the service worker's PushManager holds
 * the subscription, the server keeps a copy to send to. Turning it on asks the browser's
 * permission first.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker registration, if one controls this site (none in `vite` dev mode). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await registration();
  if (!reg) return 'unsupported';
  return (await reg.pushManager.getSubscription()) ? 'on' : 'off';
}

/** base64url (the VAPID public key) to the bytes PushManager.subscribe() takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks permission, subscribes this browser and registers the subscription with the server. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const { public_key } = (await api.get<PushKey>('/app/push/key'))!;
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }));
  const json = sub.toJSON();
  await api.post<PushResult>('/app/push/subscriptions', { endpoint: json.endpoint, keys: json.keys });
  return 'on';
}

/** Forgets this browser's subscription on the server and in the browser. */
export async function disablePush(): Promise<PushState> {
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await api.post<PushResult>('/app/push/subscriptions/remove', { endpoint: sub.endpoint });
    await sub.unsubscribe();
  }
  return 'off';
}
