/*
 * Web push for reminders (decision 033), imported by the Workbox service worker (vite.config.ts,
 * workbox.importScripts). The server sends { title, body, url, tag } encrypted for this browser.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Pusdienas', {
      body: data.body || '',
      tag: data.tag,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: data.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only a page of this site opens: the path of the link, on this origin.
  const link = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  const path = link.pathname + link.search;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin && 'navigate' in w);
      if (open) return open.navigate(path).then((w) => (w || open).focus());
      return self.clients.openWindow(path);
    }),
  );
});
