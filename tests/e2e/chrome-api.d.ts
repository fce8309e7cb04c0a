/**
 * The few `chrome.*` calls the tests make inside the extension's service worker (through
 * `serviceWorker.evaluate`) or its API page (extension-origins.ts), typed for that purpose only.
 */
declare const chrome: {
  tabs: {
    query(query: object): Promise<Array<{ id?: number; url?: string; pendingUrl?: string }>>;
    getCurrent(): Promise<{ id?: number } | undefined>;
    create(properties: { url: string }): Promise<{ id?: number }>;
  };
  runtime: {
    sendMessage(message: unknown): Promise<unknown>;
    getManifest(): { permissions?: string[]; host_permissions?: string[]; manifest_version: number };
  };
  permissions: {
    contains(permissions: { origins: string[] }): Promise<boolean>;
    remove(permissions: { origins: string[] }): Promise<boolean>;
  };
  commands: {
    getAll(): Promise<Array<{ name?: string; shortcut?: string }>>;
    onCommand: object;
  };
  storage: {
    session: {
      get(keys: string | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
    local: {
      QUOTA_BYTES: number;
      get(keys: string | null): Promise<Record<string, unknown>>;
      getBytesInUse(keys: string | null): Promise<number>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(key: string): Promise<void>;
    };
  };
};
