import type { Db } from "@/lib/db";

/**
 * LISTEN/NOTIFY on whichever database the process runs on (the in-process principal cache,
 * docs/decisions/0966): postgres.js keeps a dedicated listening connection and re-listens after a
 * reconnect; PGlite (on its worker or in-process) hands notifications to the listener before the
 * statement that committed them resolves.
 */
export interface Notifications {
  /**
   * Subscribes to `channel`. `onListen` runs each time the subscription is (re)established: what
   * was sent while it was down is lost, so a listener that caches must forget everything then.
   * Resolves to a function that ends the subscription.
   */
  listen: (
    channel: string,
    onNotify: (payload: string) => void,
    onListen: () => void,
  ) => Promise<() => Promise<void>>;
  /** `pg_notify(channel, payload)` in a statement of its own (delivered when it commits). */
  notify: (channel: string, payload: string) => Promise<void>;
  /** The embedded database: one process holds it, so no other instance can read or write. */
  embedded: boolean;
}

type PostgresClient = {
  listen: (
    channel: string,
    fn: (payload: string) => void,
    onlisten?: () => void,
  ) => Promise<{ unlisten: () => Promise<void> }>;
  notify: (channel: string, payload: string) => PromiseLike<unknown>;
};
type PgliteClient = {
  listen: (channel: string, fn: (payload: string) => void) => Promise<() => Promise<void>>;
  query: (text: string, params: unknown[]) => Promise<unknown>;
};

export function notificationsOf(db: Db): Notifications {
  const client = (db as unknown as { $client: PostgresClient | PgliteClient }).$client;
  if (typeof (client as Partial<PostgresClient>).notify === "function") {
    const pg = client as PostgresClient;
    return {
      embedded: false,
      listen: async (channel, onNotify, onListen) => {
        const { unlisten } = await pg.listen(channel, onNotify, onListen);
        return unlisten;
      },
      notify: async (channel, payload) => {
        await pg.notify(channel, payload);
      },
    };
  }
  const lite = client as PgliteClient;
  return {
    embedded: true,
    listen: async (channel, onNotify, onListen) => {
      const unlisten = await lite.listen(channel, onNotify);
      onListen();
      return unlisten;
    },
    notify: async (channel, payload) => {
      await lite.query("select pg_notify($1, $2)", [channel, payload]);
    },
  };
}
