// The service worker's global scope, for tsc only (tsconfig.service-worker.json): /sw.js and the
// classic scripts it imports run in it, but the workers' library types `self` as any worker's
// scope, and a classic script cannot declare `self` again. These members of a service worker's
// scope, and the build /sw.js sets, are added to that type here.

interface WorkerGlobalScope {
  /** This build's digest, which /sw.js sets before it imports the handlers. */
  PASUR_BUILD: string;
  readonly clients: Clients;
  readonly registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  addEventListener<K extends keyof ServiceWorkerGlobalScopeEventMap>(
    type: K,
    listener: (this: ServiceWorkerGlobalScope, event: ServiceWorkerGlobalScopeEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
}
