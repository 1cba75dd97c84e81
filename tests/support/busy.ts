/**
 * HTTP tests write fixtures through wrangler's platform proxy, a second process on the server's
 * SQLite file: while the server (or another test file's proxy) holds the write lock, a write fails
 * with SQLITE_BUSY at once. Retry it a few times, as a client of a busy database would.
 */
export async function retryBusy<T>(write: () => Promise<T>, attempts = 20): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await write();
    } catch (err) {
      const text = `${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? '')}`;
      if (i >= attempts || !/SQLITE_BUSY|database is locked/.test(text)) throw err;
      await new Promise((r) => setTimeout(r, 100 * i));
    }
  }
}
