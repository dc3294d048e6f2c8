// The service worker at /sw.js. The server writes this build's digest in place of the marker, so
// a new release changes these bytes and the browser installs it as an update. Each part of the
// worker lives in its own file.
self.PASUR_BUILD = '%PASUR_BUILD%';
importScripts('/static/js/offline/sw-shell.js');
