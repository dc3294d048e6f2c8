// The site's service worker, served at /sw.js (scope: the whole site). Each feature keeps its
// handlers in a file of its own, imported here.
importScripts('/static/js/alerts/sw-push.js');
