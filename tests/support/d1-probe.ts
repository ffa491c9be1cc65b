// A wrapper around the Worker's D1 binding, for measurements only: the round-trip test installs it
// to count the calls a request waits on one after another, and `npm run bench:latency` to delay
// each call as a database far away would. The app never sees it; it is handed to the Worker's
// fetch handler in place of `env.DB`. A batch is one call, as it is one round trip.

export interface D1Probe {
  /** Called as each call goes out, with its SQL (a batch's statements); the call waits for what it returns. */
  before(queries: string[]): Promise<void> | void;
  /** Called as each call's answer comes back. */
  after(): void;
  /** Called as the Worker opens a D1 session, with its constraint or bookmark. */
  session?(constraint: string | undefined): void;
  /** Called as the Worker prepares a statement, with its SQL. */
  prepare?(query: string): void;
}

const QUERIES = new Set(["first", "all", "run", "raw"]);

type Originals = WeakMap<object, { statement: D1PreparedStatement; sql: string }>;

function probedStatement(real: D1PreparedStatement, sql: string, probe: D1Probe, originals: Originals) {
  const wrapped: D1PreparedStatement = new Proxy(real, {
    get(target, key, receiver) {
      if (key === "bind") return (...values: unknown[]) => probedStatement(target.bind(...values), sql, probe, originals);
      if (typeof key === "string" && QUERIES.has(key)) {
        const query = Reflect.get(target, key, receiver) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => timed(probe, [sql], () => query.apply(target, args));
      }
      const value = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  originals.set(wrapped, { statement: real, sql });
  return wrapped;
}

async function timed<T>(probe: D1Probe, queries: string[], call: () => Promise<T>) {
  await probe.before(queries);
  try {
    return await call();
  } finally {
    probe.after();
  }
}

function probedDatabase<T extends D1Database | D1DatabaseSession>(real: T, probe: D1Probe, originals: Originals = new WeakMap()): T {
  return new Proxy(real, {
    get(target, key, receiver) {
      if (key === "prepare")
        return (query: string) => {
          probe.prepare?.(query);
          return probedStatement(target.prepare(query), query, probe, originals);
        };
      if (key === "batch")
        return (statements: D1PreparedStatement[]) =>
          timed(
            probe,
            statements.map((statement) => originals.get(statement)?.sql ?? ""),
            () => target.batch(statements.map((statement) => originals.get(statement)?.statement ?? statement)),
          );
      if (key === "withSession")
        return (constraint?: string) => {
          probe.session?.(constraint);
          return probedDatabase((target as D1Database).withSession(constraint), probe, originals);
        };
      const value = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The binding with every call (a batch is one) passed through `probe`. */
export function probeD1(db: D1Database, probe: D1Probe): D1Database {
  return probedDatabase(db, probe);
}

/** Every call waits `ms` first, as a round trip to a distant primary would. */
export function withLatency(db: D1Database, ms: number) {
  return probeD1(db, { before: () => new Promise((resolve) => setTimeout(resolve, ms)), after: () => {} });
}

/**
 * Counts round trips: a call that goes out while another is on its way joins its round trip; one
 * that goes out when none is counts a new one. While a request is being answered (`start` to
 * `take`), each call is held `holdMs` so that calls it starts together overlap even when the local
 * database answers at once; the work it leaves to `waitUntil` afterwards runs unheld.
 */
export function roundTripCounter(db: D1Database, holdMs = 10) {
  let inFlight = 0;
  let roundTrips = 0;
  let calls = 0;
  let counting = false;
  const binding = probeD1(db, {
    before() {
      if (!counting) return;
      if (inFlight === 0) roundTrips++;
      inFlight++;
      calls++;
      return new Promise((resolve) => setTimeout(resolve, holdMs));
    },
    after() {
      if (inFlight > 0) inFlight--;
    },
  });
  return {
    binding,
    /** Starts counting a request's round trips. */
    start() {
      counting = true;
      inFlight = 0;
      roundTrips = 0;
      calls = 0;
    },
    /**
     * The round trips and calls (a batch is one) since `start`, taken as the answer comes back: one
     * still on its way then is work the answer did not wait for (left to `waitUntil`: e-mail, page
     * views), not counted.
     */
    take() {
      counting = false;
      return { roundTrips: roundTrips - (inFlight > 0 ? 1 : 0), calls: calls - inFlight };
    },
  };
}
