/** One recurring piece of work: `start` enqueues its next run (deduplicated, so every instance may call it). */
export interface Schedule {
  /** For logs: `usage-sync`, `catalogue-sync`, `chat`. */
  name: string;
  start(): Promise<void>;
}

/**
 * The store's recurring work, declared by the modules while the app is built and started in one
 * place by `server.ts` once the job worker runs (tests build the app and start nothing).
 */
export class Schedules {
  readonly #schedules: Schedule[] = [];

  add(schedule: Schedule): void {
    this.#schedules.push(schedule);
  }

  /** The names, in the order they were declared. */
  names(): string[] {
    return this.#schedules.map((schedule) => schedule.name);
  }

  /**
   * Starts the schedule called `name` (tests).
   * @throws Error when no schedule has that name.
   */
  async start(name: string): Promise<void> {
    const schedule = this.#schedules.find((candidate) => candidate.name === name);
    if (!schedule) throw new Error(`No schedule called ${name}`);
    await schedule.start();
  }

  /** Starts every schedule, in the order they were declared. */
  async startAll(): Promise<void> {
    for (const schedule of this.#schedules) await schedule.start();
  }
}
