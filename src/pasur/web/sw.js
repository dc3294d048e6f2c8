// The site's service worker at /sw.js (scope: the whole site). The server writes this build's
// digest in place of the marker, so a new release changes these bytes and the browser installs it
// as an update. Each feature keeps its handlers in a file of its own, imported here.
self.PASUR_BUILD = '%PASUR_BUILD%';
importScripts('/static/js/offline/sw-shell.js');
importScripts('/static/js/alerts/sw-push.js');
