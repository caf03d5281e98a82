/**
 * Failed-login counter per client address: after `maxFailures` failures within `windowMs`, every attempt from
 * that address is refused until the window that started with the first failure is over. Only failures count,
 * so staff logging in successfully (often all through the storefront's one server address) never lock
 * themselves out. In memory, per process; several processes would share it through Redis behind this interface.
 */
export interface LoginLimiter {
  /** True while the address is locked out. */
  isBlocked(key: string): boolean;
  recordFailure(key: string): void;
}

export function createLoginLimiter(options: { maxFailures: number; windowMs: number; now: () => Date }): LoginLimiter {
  const failures = new Map<string, { count: number; resetAt: number }>();

  function current(key: string): { count: number; resetAt: number } | undefined {
    const entry = failures.get(key);
    if (entry && entry.resetAt <= options.now().getTime()) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    isBlocked(key) {
      return (current(key)?.count ?? 0) >= options.maxFailures;
    },
    recordFailure(key) {
      const entry = current(key);
      if (entry) {
        entry.count++;
        return;
      }
      // bounded memory: forget expired entries before adding (cheap at the sizes a login form sees)
      if (failures.size > 10_000) for (const k of failures.keys()) current(k);
      failures.set(key, { count: 1, resetAt: options.now().getTime() + options.windowMs });
    },
  };
}
