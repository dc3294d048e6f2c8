// Web Push in the service worker (docs/alerts.md), a classic script that /sw.js imports. A push
// from the server says that it is the person's turn at a table (its data: table_id, seat, the
// others' names, the table's url); the worker words it in the browser's language from the alerts
// catalogue, shows one notification per table (a newer one replaces the older), and a tap focuses
// a tab already on that table, or opens it.

const FALLBACK = { title: '● Your turn — Pasur', body: 'Your move at the table with {names}.' };

async function words() {
  const lang = String(self.navigator.language || 'en').toLowerCase().startsWith('fa') ? 'fa' : 'en';
  try {
    const response = await fetch(`/static/i18n/alerts.${lang}.json`);
    const catalog = await response.json();
    return { title: catalog['alerts.title.turn'], body: catalog['alerts.push.turn'], lang };
  } catch {
    return { ...FALLBACK, lang: 'en' };
  }
}

function readPush(event) {
  try {
    return event.data ? event.data.json() : {};
  } catch {
    return {};
  }
}

self.addEventListener('push', (event) => {
  const data = readPush(event);
  const url = typeof data.url === 'string' && data.url.startsWith('/play/t/') ? data.url : '/';
  event.waitUntil(
    (async () => {
      const { title, body, lang } = await words();
      const names = Array.isArray(data.others) ? data.others.map(String).join(lang === 'fa' ? '، ' : ', ') : '';
      await self.registration.showNotification(title, {
        body: body.replace('{names}', names),
        tag: `pasur-${data.table_id ?? 'turn'}`,
        icon: '/static/img/icon.svg',
        lang,
        dir: lang === 'fa' ? 'rtl' : 'ltr',
        data: { url },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url.split('?')[0] === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
